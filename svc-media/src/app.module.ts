import { Module, type DynamicModule } from '@nestjs/common';
import { defineService, ServiceKitModule } from '@vton/service-kit';
import { MediaConfig } from './config/media.config.js';
import { mediaDatabase } from './database/data-source.js';
import { FilesModule } from './files/files.module.js';
import { GarmentsModule } from './garments/garments.module.js';
import { GeneratedImagesModule } from './generated-images/generated-images.module.js';
import { InternalModule } from './internal/internal.module.js';
import { ModelsModule } from './models/models.module.js';
import { ObjectStorageModule } from './storage/object-storage.module.js';
import { StorageReadiness } from './storage/storage.readiness.js';
import { WorkspaceModule } from './workspace/workspace.module.js';

@Module({})
export class AppModule {
  static register(config: MediaConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          app: 'svc-media',
          config,
          database: mediaDatabase,
          imports: [ObjectStorageModule],
          readiness: [StorageReadiness],
        }),
        FilesModule,
        GarmentsModule,
        ModelsModule,
        GeneratedImagesModule,
        InternalModule,
        WorkspaceModule,
      ],
    };
  }
}

export const mediaService = defineService({
  app: 'svc-media',
  title: 'svc-media: garments, model photos, masks and generated images',
  config: MediaConfig,
  database: mediaDatabase,
  module: (config) => AppModule.register(config),
});
