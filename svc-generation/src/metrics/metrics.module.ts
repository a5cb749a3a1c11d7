import { Module } from '@nestjs/common';
import { JobStoreModule } from '../jobs/job-store.module.js';
import { GenerationMetrics } from './generation-metrics.js';

/** svc-generation's own figures; the kit's MetricsController serves them at GET /metrics. */
@Module({ imports: [JobStoreModule], providers: [GenerationMetrics], exports: [GenerationMetrics] })
export class MetricsModule {}
