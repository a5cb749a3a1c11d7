import type { TryOnProviderName } from '@vton/contracts';
import type { GenerationConfig } from '../config/generation.config.js';
import { FalProvider, falSettings } from './fal/fal.provider.js';
import { FashnProvider, fashnSettings } from './fashn/fashn.provider.js';
import { LocalProvider } from './local/local.provider.js';
import { SeedProvider, seedSettings } from './seed/seed.provider.js';
import type { TryOnProvider } from './try-on-provider.js';
import { VertexProvider, vertexSettings } from './vertex/vertex.provider.js';

/** One line per provider: a new provider is a new folder and a line here. */
const PROVIDERS: Record<TryOnProviderName, (config: GenerationConfig) => TryOnProvider> = {
  local: () => new LocalProvider(),
  seed: (config) => new SeedProvider(seedSettings(config)),
  fashn: (config) => new FashnProvider(fashnSettings(config)),
  vertex: (config) => new VertexProvider(vertexSettings(config)),
  fal: (config) => new FalProvider(falSettings(config)),
};

/** VTON_PROVIDER, or by default the §7 service when VTON_API_URL is set (as before), else the built-in compositor. */
export function providerNameOf(config: GenerationConfig): TryOnProviderName {
  return config.VTON_PROVIDER ?? (config.VTON_API_URL ? 'seed' : 'local');
}

/** The configured provider; a missing setting fails the start with its message (the secret never appears). */
export function createTryOnProvider(config: GenerationConfig): TryOnProvider {
  return PROVIDERS[providerNameOf(config)](config);
}
