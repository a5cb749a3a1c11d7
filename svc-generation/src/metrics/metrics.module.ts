import { Module } from '@nestjs/common';
import { GenerationMetrics } from './generation-metrics.js';

/** svc-generation's own figures; the kit's MetricsController serves them at GET /metrics. */
@Module({ providers: [GenerationMetrics], exports: [GenerationMetrics] })
export class MetricsModule {}
