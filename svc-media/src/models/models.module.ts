import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module.js';
import { ImagesModule } from '../images/images.module.js';
import { ObjectStorageModule } from '../storage/object-storage.module.js';
import { ModelMask } from './entities/model-mask.entity.js';
import { ModelPhoto } from './entities/model-photo.entity.js';
import { SuggestedMask } from './entities/suggested-mask.entity.js';
import { ModelsController } from './models.controller.js';
import { ModelsService } from './models.service.js';

@Module({ imports: [TypeOrmModule.forFeature([ModelPhoto, ModelMask, SuggestedMask]), ObjectStorageModule, ImagesModule, FilesModule], controllers: [ModelsController], providers: [ModelsService], exports: [ModelsService] })
export class ModelsModule {}
