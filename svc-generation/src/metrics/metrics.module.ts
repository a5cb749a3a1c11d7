import { Module } from '@nestjs/common';
import { JobStoreModule } from '../jobs/job-store.module.js';
import { FleetMetricsLeader } from './fleet-metrics-leader.js';
import { GenerationMetrics } from './generation-metrics.js';

/** svc-generation's own figures; the kit's MetricsController serves them at GET /metrics. */
@Module({ imports: [JobStoreModule], providers: [GenerationMetrics, FleetMetricsLeader], exports: [GenerationMetrics] })
export class MetricsModule {}
