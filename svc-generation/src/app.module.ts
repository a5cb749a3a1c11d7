import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { defineService, ServiceKitModule } from '@vton/service-kit';
import { ApiModule } from './api.module.js';
import { GenerationConfig } from './config/generation.config.js';
import { generationDatabase } from './database/data-source.js';
import { GENERATION_ROLE, type GenerationRole } from './config/roles.js';
import { checkModelLifecycle } from './providers/model-lifecycle.js';
import { chosenModels, ProviderConfigs } from './providers/registry.js';
import { WorkerModule } from './worker/worker.module.js';

@Global()
@Module({})
class RoleModule {
  static of(role: GenerationRole): DynamicModule {
    return { module: RoleModule, providers: [{ provide: GENERATION_ROLE, useValue: role }], exports: [GENERATION_ROLE] };
  }
}

const MODEL_LIFECYCLE_WARNINGS = Symbol('model lifecycle warnings');

/** svc-generation as one of its two roles, from one package: `dist/main.js` (API) or `dist/worker-main.js` (worker). */
@Module({})
export class AppModule {
  static register(config: GenerationConfig, role: GenerationRole): DynamicModule {
    // The configured models against their providers' shutdown dates, before anything starts: a model
    // already shut down refuses the start (bootstrapService prints the message alone); a shutdown ahead
    // is logged once the logger is up.
    const warnings: string[] = [];
    checkModelLifecycle(chosenModels(config), new Date(), (message) => warnings.push(message));
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ app: 'svc-generation', config, database: generationDatabase }),
        RoleModule.of(role),
        role === 'api' ? ApiModule : WorkerModule,
      ],
      providers: [{ provide: MODEL_LIFECYCLE_WARNINGS, useFactory: () => warnings.forEach((message) => new Logger('ModelLifecycle').warn(message)) }],
    };
  }
}

/** svc-generation in `role`: the same variables (its own with every provider's, each declared in its provider's folder) and database. */
function generationApp(role: GenerationRole, title: string) {
  return defineService({ app: 'svc-generation', title, config: ProviderConfigs, database: generationDatabase, module: (config) => AppModule.register(config, role) });
}

/** The API: jobs, events, retry, results, spec §7's generate route. */
export const generationService = generationApp('api', 'svc-generation: try-on generation');

/** A worker: claims models from the queue and does the try-ons. */
export const generationWorker = generationApp('worker', 'svc-generation worker');
