import { Module } from '@nestjs/common';
import { FilesController } from '../files/files.controller.js';
import { MediaUrls } from '../files/media-urls.service.js';
import { MediaRepositories } from '../common/media-repositories.js';
import { ImageProcessor } from '../images/image-processor.js';
import { ObjectStorage } from './object-storage.service.js';

/** Object storage, the image adapter, signed URLs and the tables: what every media domain module uses. */
@Module({
  controllers: [FilesController],
  providers: [ObjectStorage, ImageProcessor, MediaUrls, MediaRepositories],
  exports: [ObjectStorage, ImageProcessor, MediaUrls, MediaRepositories],
})
export class StorageModule {}
