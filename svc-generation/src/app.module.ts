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

const MODEL_LIFECYCLE_NOTICES = Symbol('model lifecycle notices');

/** svc-generation as one of its two roles, from one package: `dist/main.js` (API) or `dist/worker-main.js` (worker). */
@Module({})
export class AppModule {
  static register(config: GenerationConfig, role: GenerationRole): DynamicModule {
    // The configured models against their providers' shutdown dates, logged once the logger is up:
    // a shutdown ahead as a warning, one already past as an error (model-lifecycle.ts says why not a refusal).
    const notices = checkModelLifecycle(chosenModels(config), new Date());
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ app: 'svc-generation', config, database: generationDatabase }),
        RoleModule.of(role),
        role === 'api' ? ApiModule : WorkerModule,
      ],
      providers: [{ provide: MODEL_LIFECYCLE_NOTICES, useFactory: () => notices.forEach(({ level, message }) => new Logger('ModelLifecycle')[level](message)) }],
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
