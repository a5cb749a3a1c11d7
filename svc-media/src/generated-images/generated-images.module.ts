import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module.js';
import { GeneratedImagesController } from './generated-images.controller.js';
import { GeneratedImagesService } from './generated-images.service.js';

@Module({ imports: [StorageModule], controllers: [GeneratedImagesController], providers: [GeneratedImagesService], exports: [GeneratedImagesService] })
export class GeneratedImagesModule {}
