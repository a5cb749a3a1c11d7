import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module.js';
import { ImagesModule } from '../images/images.module.js';
import { ObjectStorageModule } from '../storage/object-storage.module.js';
import { Garment } from './entities/garment.entity.js';
import { GarmentsController } from './garments.controller.js';
import { GarmentsService } from './garments.service.js';

@Module({ imports: [TypeOrmModule.forFeature([Garment]), ObjectStorageModule, ImagesModule, FilesModule], controllers: [GarmentsController], providers: [GarmentsService], exports: [GarmentsService] })
export class GarmentsModule {}
