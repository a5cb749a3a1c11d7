import { Module } from '@nestjs/common';
import { GenerationConfig } from '../config/generation.config.js';
import { createTryOnProvider } from './registry.js';
import { TRY_ON_PROVIDER } from './try-on-provider.js';

/** Provides TRY_ON_PROVIDER: the try-on provider VTON_PROVIDER selects (src/providers/registry.ts). */
@Module({
  providers: [{ provide: TRY_ON_PROVIDER, useFactory: (config: GenerationConfig) => createTryOnProvider(config), inject: [GenerationConfig] }],
  exports: [TRY_ON_PROVIDER],
})
export class ProvidersModule {}
