import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module.js';
import { GarmentsController } from './garments.controller.js';
import { GarmentsService } from './garments.service.js';

@Module({ imports: [StorageModule], controllers: [GarmentsController], providers: [GarmentsService], exports: [GarmentsService] })
export class GarmentsModule {}
