import { Module, type DynamicModule } from '@nestjs/common';
import { defineService, ServiceKitModule } from '@vton/service-kit';
import { GenerationConfig } from './config/generation.config.js';
import { generationDatabase } from './database/data-source.js';
import { TryOnModule } from './try-on/try-on.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

@Module({})
export class AppModule {
  static register(config: GenerationConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ app: 'svc-generation', config, database: generationDatabase }), TryOnModule, WebhooksModule],
    };
  }
}

export const generationService = defineService({
  app: 'svc-generation',
  title: 'svc-generation: try-on generation',
  config: GenerationConfig,
  database: generationDatabase,
  module: (config) => AppModule.register(config),
});
