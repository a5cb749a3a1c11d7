import { Module } from '@nestjs/common';
import { ObjectStorage } from './object-storage.service.js';

/** Object storage access: the one adapter to the bucket (the kit's readiness asks it through StorageReadiness). */
@Module({ providers: [ObjectStorage], exports: [ObjectStorage] })
export class ObjectStorageModule {}
