import { Module } from '@nestjs/common';
import { GenerationConfig } from '../config/generation.config.js';
import { ProviderRouter } from './provider-router.js';
import { createPlacementProvider, createTryOnProvider } from './registry.js';

/** Provides ProviderRouter: the try-on provider VTON_PROVIDER selects and the placement engine PLACEMENT_PROVIDER selects (src/providers/registry.ts). */
@Module({
  providers: [
    {
      provide: ProviderRouter,
      useFactory: async (config: GenerationConfig) => new ProviderRouter(...(await Promise.all([createTryOnProvider(config), createPlacementProvider(config)]))),
      inject: [GenerationConfig],
    },
  ],
  exports: [ProviderRouter],
})
export class ProvidersModule {}
