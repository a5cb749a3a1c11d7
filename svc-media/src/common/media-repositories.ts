import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { DataSource, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';
import { GeneratedImage } from '../generated-images/entities/generated-image.entity.js';
import { TryOnResult } from '../generated-images/entities/try-on-result.entity.js';
import { Garment } from '../garments/entities/garment.entity.js';
import { ModelPhoto } from '../models/entities/model-photo.entity.js';
import { Workspace } from '../workspace/entities/workspace.entity.js';

/**
 * svc-media's tables. The kit connects the database in the background (the service starts
 * while it is down), so repositories are taken per call and a call before the connection
 * answers 503 instead of failing obscurely.
 */
@Injectable()
export class MediaRepositories {
  constructor(private readonly dataSource: DataSource) {}

  get garments(): Repository<Garment> {
    return this.repository(Garment);
  }

  get models(): Repository<ModelPhoto> {
    return this.repository(ModelPhoto);
  }

  get generatedImages(): Repository<GeneratedImage> {
    return this.repository(GeneratedImage);
  }

  get tryOnResults(): Repository<TryOnResult> {
    return this.repository(TryOnResult);
  }

  get workspaces(): Repository<Workspace> {
    return this.repository(Workspace);
  }

  private repository<T extends ObjectLiteral>(entity: EntityTarget<T>): Repository<T> {
    if (!this.dataSource.isInitialized) throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, 'The database is not ready yet');
    return this.dataSource.getRepository(entity);
  }
}
