import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module.js';
import { GarmentsModule } from '../garments/garments.module.js';
import { ImagesModule } from '../images/images.module.js';
import { ModelsModule } from '../models/models.module.js';
import { ObjectStorageModule } from '../storage/object-storage.module.js';
import { GeneratedImage } from './entities/generated-image.entity.js';
import { TryOnResult } from './entities/try-on-result.entity.js';
import { GeneratedImagesController } from './generated-images.controller.js';
import { GeneratedImagesService } from './generated-images.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([GeneratedImage, TryOnResult]), ObjectStorageModule, ImagesModule, FilesModule, GarmentsModule, ModelsModule],
  controllers: [GeneratedImagesController], providers: [GeneratedImagesService], exports: [GeneratedImagesService] })
export class GeneratedImagesModule {}
