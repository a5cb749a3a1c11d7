import { getMetadataStorage, IsIn, IsOptional } from 'class-validator';
import { GenerationConfig } from '../config/generation.config.js';
import { BflProvider, bflSettings } from './bfl/bfl.provider.js';
import { withBflConfig, type BflConfig } from './bfl/bfl.config.js';
import { FalProvider, falSettings } from './fal/fal.provider.js';
import { withFalConfig, type FalConfig } from './fal/fal.config.js';
import { FashnProvider, fashnSettings } from './fashn/fashn.provider.js';
import { withFashnConfig, type FashnConfig } from './fashn/fashn.config.js';
import { GeminiProvider, geminiSettings } from './gemini/gemini.provider.js';
import { withGeminiConfig, type GeminiConfig } from './gemini/gemini.config.js';
import { LocalProvider } from './local/local.provider.js';
import { OpenAIProvider, openaiSettings } from './openai/openai.provider.js';
import { withOpenAIConfig, type OpenAIConfig } from './openai/openai.config.js';
import type { ConfigClass } from './provider-config.js';
import { SeedProvider, seedSettings } from './seed/seed.provider.js';
import type { TryOnProvider } from './try-on-provider.js';
import { withGoogleCloudConfig } from './vertex/google-cloud.config.js';
import { VertexProvider, vertexSettings } from './vertex/vertex.provider.js';
import { withVertexConfig, type VertexConfig } from './vertex/vertex.config.js';

type Mixin = <B extends ConfigClass>(Base: B) => ConfigClass;

/**
 * A provider as the registry knows it: the variables its folder declares (`variables`, composed onto
 * svc-generation's config and validated at start), and how it is made for garments (`tryOn`,
 * VTON_PROVIDER) and/or products (`placement`, PLACEMENT_PROVIDER) from that config.
 */
interface ProviderEntry<C> {
  variables?: readonly Mixin[];
  tryOn?: (config: C) => TryOnProvider;
  placement?: (config: C) => TryOnProvider;
}
/** Types `create` with the config its folder's variables give (the composed config always has them). */
const entry = <C>(provider: ProviderEntry<C>) => provider as ProviderEntry<GenerationConfig>;

/** One line per provider: a new provider is a new folder and a line here (svc-generation README, "Adding a provider"). */
export const PROVIDERS: Record<string, ProviderEntry<GenerationConfig>> = {
  local: entry({ tryOn: () => new LocalProvider(), placement: () => new LocalProvider() }),
  seed: entry({ tryOn: (c: GenerationConfig) => new SeedProvider(seedSettings(c)), placement: (c: GenerationConfig) => new SeedProvider(seedSettings(c, 'PLACEMENT_PROVIDER')) }),
  fashn: entry({ variables: [withFashnConfig], tryOn: (c: FashnConfig) => new FashnProvider(fashnSettings(c)) }),
  vertex: entry({ variables: [withGoogleCloudConfig, withVertexConfig], tryOn: (c: VertexConfig) => new VertexProvider(vertexSettings(c)) }),
  gemini: entry({ variables: [withGoogleCloudConfig, withGeminiConfig], placement: (c: GeminiConfig) => new GeminiProvider(geminiSettings(c)) }),
  openai: entry({ variables: [withOpenAIConfig], placement: (c: OpenAIConfig) => new OpenAIProvider(openaiSettings(c)) }),
  bfl: entry({ variables: [withBflConfig], placement: (c: BflConfig) => new BflProvider(bflSettings(c)) }),
  fal: entry({ variables: [withFalConfig], tryOn: (c: FalConfig) => new FalProvider(falSettings(c)), placement: (c: FalConfig) => new FalProvider(falSettings(c, 'placement')) }),
};

const namesFor = (use: 'tryOn' | 'placement') => Object.keys(PROVIDERS).filter((name) => PROVIDERS[name][use]);
/** The names VTON_PROVIDER and PLACEMENT_PROVIDER take, in the registry's order (their error messages list them so). */
export const TRY_ON_NAMES = namesFor('tryOn');
export const PLACEMENT_NAMES = namesFor('placement');

/** svc-generation's config with every provider's variables on it (each composed once): what the service loads and validates. */
function composed(): ConfigClass {
  const mixins = [...new Set(Object.values(PROVIDERS).flatMap((provider) => provider.variables ?? []))];
  const WithVariables = mixins.reduce<ConfigClass>((Base, mixin) => mixin(Base), GenerationConfig);
  class ProviderConfigs extends WithVariables {
    @IsOptional()
    @IsIn(TRY_ON_NAMES, { message: `VTON_PROVIDER must be one of ${TRY_ON_NAMES.join(', ')}` })
    VTON_PROVIDER?: string;

    @IsIn(PLACEMENT_NAMES, { message: `PLACEMENT_PROVIDER must be one of ${PLACEMENT_NAMES.join(', ')}` })
    PLACEMENT_PROVIDER: string;
  }
  return ProviderConfigs;
}
export const ProviderConfigs = composed();

/** VTON_PROVIDER, or by default the §7 service when VTON_API_URL is set (as before), else the built-in compositor. */
export function providerNameOf(config: GenerationConfig): string {
  return config.VTON_PROVIDER ?? (config.VTON_API_URL ? 'seed' : 'local');
}

/** The configured try-on provider; a missing setting fails the start with its message (the secret never appears). */
export function createTryOnProvider(config: GenerationConfig): TryOnProvider {
  return PROVIDERS[providerNameOf(config)].tryOn!(config);
}

/** The configured placement engine (PLACEMENT_PROVIDER, default the built-in compositor). */
export function createPlacementProvider(config: GenerationConfig): TryOnProvider {
  return PROVIDERS[config.PLACEMENT_PROVIDER].placement!(config);
}

/** The variables the provider folders declare (for `npm start`, which hands them to svc-generation alone). */
export function providerVariables(): string[] {
  const declared = (configClass: ConfigClass) => getMetadataStorage().getTargetValidationMetadatas(configClass, '', true, false).map((m) => m.propertyName);
  const core = new Set(declared(GenerationConfig));
  return [...new Set(declared(ProviderConfigs))].filter((name) => !core.has(name));
}
