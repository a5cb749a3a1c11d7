import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import type { ReadinessCheck } from '@vton/service-kit';
import { ObjectStorage } from './object-storage.service.js';

@Injectable()
export class StorageReadiness implements ReadinessCheck {
  constructor(
    private readonly indicator: HealthIndicatorService,
    private readonly storage: ObjectStorage,
  ) {}

  check(): PromiseLike<HealthIndicatorResult> {
    return this.indicator
      .check('storage')
      .attempt(async () => {
        await this.storage.assertBucket();
        return { bucket: this.storage.bucket };
      })
      .withTimeout(3000);
  }
}
