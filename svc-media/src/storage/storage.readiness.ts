import { Injectable } from '@nestjs/common';
import type { ReadinessCheck } from '@vton/service-kit';
import { ObjectStorage } from './object-storage.service.js';

@Injectable()
export class StorageReadiness implements ReadinessCheck {
  readonly name = 'storage';
  readonly timeoutMs = 3000;

  constructor(private readonly storage: ObjectStorage) {}

  async probe(): Promise<{ bucket: string }> {
    await this.storage.assertBucket();
    return { bucket: this.storage.bucket };
  }
}
