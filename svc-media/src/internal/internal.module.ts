import { Module } from '@nestjs/common';
import { GarmentsModule } from '../garments/garments.module.js';
import { GeneratedImagesModule } from '../generated-images/generated-images.module.js';
import { ModelsModule } from '../models/models.module.js';
import { ObjectStorageModule } from '../storage/object-storage.module.js';
import { InternalController } from './internal.controller.js';
import { MediaServiceCredentialGuard } from './service-credential.guard.js';
import { TryOnResultsService } from './try-on-results.service.js';

/** The routes svc-generation's workers call with their service credential. */
@Module({
  imports: [ObjectStorageModule, GarmentsModule, ModelsModule, GeneratedImagesModule],
  controllers: [InternalController],
  providers: [MediaServiceCredentialGuard, TryOnResultsService],
})
export class InternalModule {}
