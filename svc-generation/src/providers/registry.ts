import type { PlacementProviderName, TryOnProviderName } from '@vton/contracts';
import type { GenerationConfig } from '../config/generation.config.js';
import { BflProvider, bflSettings } from './bfl/bfl.provider.js';
import { FalProvider, falSettings } from './fal/fal.provider.js';
import { FashnProvider, fashnSettings } from './fashn/fashn.provider.js';
import { GeminiProvider, geminiSettings } from './gemini/gemini.provider.js';
import { LocalProvider } from './local/local.provider.js';
import { OpenAIProvider, openaiSettings } from './openai/openai.provider.js';
import { SeedProvider, seedSettings } from './seed/seed.provider.js';
import type { TryOnProvider } from './try-on-provider.js';
import { VertexProvider, vertexSettings } from './vertex/vertex.provider.js';

type Factory = (config: GenerationConfig) => TryOnProvider;

/** One line per try-on provider: a new provider is a new folder and a line here. */
const TRY_ON: Record<TryOnProviderName, Factory> = {
  local: () => new LocalProvider(),
  seed: (config) => new SeedProvider(seedSettings(config)),
  fashn: (config) => new FashnProvider(fashnSettings(config)),
  vertex: (config) => new VertexProvider(vertexSettings(config)),
  fal: (config) => new FalProvider(falSettings(config)),
};

/** One line per placement engine (the Product category). */
const PLACEMENT: Record<PlacementProviderName, Factory> = {
  local: () => new LocalProvider(),
  seed: (config) => new SeedProvider(seedSettings(config, 'PLACEMENT_PROVIDER')),
  gemini: (config) => new GeminiProvider(geminiSettings(config)),
  openai: (config) => new OpenAIProvider(openaiSettings(config)),
  bfl: (config) => new BflProvider(bflSettings(config)),
  fal: (config) => new FalProvider(falSettings(config, 'placement')),
};

/** VTON_PROVIDER, or by default the §7 service when VTON_API_URL is set (as before), else the built-in compositor. */
export function providerNameOf(config: GenerationConfig): TryOnProviderName {
  return config.VTON_PROVIDER ?? (config.VTON_API_URL ? 'seed' : 'local');
}

/** The configured try-on provider; a missing setting fails the start with its message (the secret never appears). */
export function createTryOnProvider(config: GenerationConfig): TryOnProvider {
  return TRY_ON[providerNameOf(config)](config);
}

/** The configured placement engine (PLACEMENT_PROVIDER, default the built-in compositor). */
export function createPlacementProvider(config: GenerationConfig): TryOnProvider {
  return PLACEMENT[config.PLACEMENT_PROVIDER](config);
}
