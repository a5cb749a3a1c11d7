import { Module } from '@nestjs/common';
import { ObjectStorage } from './object-storage.service.js';

@Module({ providers: [ObjectStorage], exports: [ObjectStorage] })
export class StorageModule {}
