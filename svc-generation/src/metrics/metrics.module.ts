import { Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import { FleetMetricsLeader } from './fleet-metrics-leader.js';
import { GenerationMetrics, UNFINISHED_MODELS, type UnfinishedModels } from './generation-metrics.js';

/** svc-generation's own figures, for every module of the role (global); the kit's MetricsController serves them at GET /metrics. */
@Module({})
export class MetricsModule {
  /** `unfinished` (with the modules that provide it) is what the fleet-wide gauge reads: given by the role's module, never imported from here. */
  static register(unfinished: { imports: ModuleMetadata['imports']; useExisting: Type<UnfinishedModels> }): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      imports: unfinished.imports,
      providers: [GenerationMetrics, FleetMetricsLeader, { provide: UNFINISHED_MODELS, useExisting: unfinished.useExisting }],
      exports: [GenerationMetrics],
    };
  }
}
