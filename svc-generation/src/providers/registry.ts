import type { PlacementProviderName, TryOnProviderName } from '@vton/contracts';
import type { GenerationConfig } from '../config/generation.config.js';
import type { TryOnProvider } from './try-on-provider.js';

/**
 * A provider's module is loaded only when it is the one configured: the hosted providers' SDKs
 * (openai, @google/genai, google-auth-library, @fal-ai/client) are ~15 MB of heap a worker would
 * otherwise carry, and every major collection marks the whole heap (BENCHMARKS.md, issue 35).
 */
type Factory = (config: GenerationConfig) => Promise<TryOnProvider>;

/** One line per try-on provider: a new provider is a new folder and a line here. */
const TRY_ON: Record<TryOnProviderName, Factory> = {
  local: async () => new (await import('./local/local.provider.js')).LocalProvider(),
  seed: async (config) => {
    const { SeedProvider, seedSettings } = await import('./seed/seed.provider.js');
    return new SeedProvider(seedSettings(config));
  },
  fashn: async (config) => {
    const { FashnProvider, fashnSettings } = await import('./fashn/fashn.provider.js');
    return new FashnProvider(fashnSettings(config));
  },
  vertex: async (config) => {
    const { VertexProvider, vertexSettings } = await import('./vertex/vertex.provider.js');
    return new VertexProvider(vertexSettings(config));
  },
  fal: async (config) => {
    const { FalProvider, falSettings } = await import('./fal/fal.provider.js');
    return new FalProvider(falSettings(config));
  },
};

/** One line per placement engine (the Product category). */
const PLACEMENT: Record<PlacementProviderName, Factory> = {
  local: TRY_ON.local,
  seed: async (config) => {
    const { SeedProvider, seedSettings } = await import('./seed/seed.provider.js');
    return new SeedProvider(seedSettings(config, 'PLACEMENT_PROVIDER'));
  },
  gemini: async (config) => {
    const { GeminiProvider, geminiSettings } = await import('./gemini/gemini.provider.js');
    return new GeminiProvider(geminiSettings(config));
  },
  openai: async (config) => {
    const { OpenAIProvider, openaiSettings } = await import('./openai/openai.provider.js');
    return new OpenAIProvider(openaiSettings(config));
  },
  bfl: async (config) => {
    const { BflProvider, bflSettings } = await import('./bfl/bfl.provider.js');
    return new BflProvider(bflSettings(config));
  },
  fal: async (config) => {
    const { FalProvider, falSettings } = await import('./fal/fal.provider.js');
    return new FalProvider(falSettings(config, 'placement'));
  },
};

/** VTON_PROVIDER, or by default the §7 service when VTON_API_URL is set (as before), else the built-in compositor. */
export function providerNameOf(config: GenerationConfig): TryOnProviderName {
  return config.VTON_PROVIDER ?? (config.VTON_API_URL ? 'seed' : 'local');
}

/** The configured try-on provider; a missing setting fails the start with its message (the secret never appears). */
export function createTryOnProvider(config: GenerationConfig): Promise<TryOnProvider> {
  return TRY_ON[providerNameOf(config)](config);
}

/** The configured placement engine (PLACEMENT_PROVIDER, default the built-in compositor). */
export function createPlacementProvider(config: GenerationConfig): Promise<TryOnProvider> {
  return PLACEMENT[config.PLACEMENT_PROVIDER](config);
}
