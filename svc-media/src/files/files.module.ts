import { Module } from '@nestjs/common';
import { ObjectStorageModule } from '../storage/object-storage.module.js';
import { FilesController } from './files.controller.js';
import { MediaUrls } from './media-urls.service.js';

/** Signed image URLs, and the route that serves the bytes they lead to. */
@Module({
  imports: [ObjectStorageModule],
  controllers: [FilesController],
  providers: [MediaUrls],
  exports: [MediaUrls],
})
export class FilesModule {}
