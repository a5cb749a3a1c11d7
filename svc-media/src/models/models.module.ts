import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module.js';
import { ModelsController } from './models.controller.js';
import { ModelsService } from './models.service.js';

@Module({ imports: [StorageModule], controllers: [ModelsController], providers: [ModelsService], exports: [ModelsService] })
export class ModelsModule {}
