import { getMetadataStorage, IsIn, IsOptional } from 'class-validator';
import { GenerationConfig } from '../config/generation.config.js';
import { describeBfl, withBflConfig, type BflConfig } from './bfl/bfl.config.js';
import { describeFal, withFalConfig, type FalConfig } from './fal/fal.config.js';
import { describeFashn, withFashnConfig, type FashnConfig } from './fashn/fashn.config.js';
import { describeGemini, withGeminiConfig, type GeminiConfig } from './gemini/gemini.config.js';
import { describeOpenAI, withOpenAIConfig, type OpenAIConfig } from './openai/openai.config.js';
import type { ChosenModel } from './model-lifecycle.js';
import type { ConfigClass, ProviderUse } from './provider-config.js';
import type { TryOnProvider } from './try-on-provider.js';
import { withGoogleCloudConfig } from './vertex/google-cloud.config.js';
import { vertexApiUrl, withVertexConfig, type VertexConfig } from './vertex/vertex.config.js';

type Mixin = <B extends ConfigClass>(Base: B) => ConfigClass;

/**
 * A provider as the registry knows it: the variables its folder declares (`variables`, composed onto
 * svc-generation's config and validated at start), where it sends work as its folder says from that
 * config (`describe`: its host, and its model where one is chosen; never a key — `npm start`'s banner),
 * the variable that names its model for a use (`modelVariable`: what the start's model lifecycle check
 * reads, model-lifecycle.ts), and how it is made for garments (`tryOn`, VTON_PROVIDER) and/or products (`placement`,
 * PLACEMENT_PROVIDER) from that config.
 *
 * A provider's module is loaded only when it is the one configured (its *.config.ts, which the
 * registry imports, holds only its variables and how it describes itself): the hosted providers'
 * SDKs (openai, @google/genai, google-auth-library, @fal-ai/client) are ~15 MB of heap a worker would
 * otherwise carry, and every major collection marks the whole heap (BENCHMARKS.md, issue 35).
 */
interface ProviderEntry<C> {
  variables?: readonly Mixin[];
  describe?: (config: C, use: ProviderUse) => string | undefined;
  modelVariable?: (use: ProviderUse) => keyof C & string;
  tryOn?: (config: C) => Promise<TryOnProvider>;
  placement?: (config: C) => Promise<TryOnProvider>;
}
/** Types `create` with the config its folder's variables give (the composed config always has them). */
const entry = <C>(provider: ProviderEntry<C>) => provider as ProviderEntry<GenerationConfig>;

const local = async () => new (await import('./local/local.provider.js')).LocalProvider();
const seed = (chosenBy: 'VTON_PROVIDER' | 'PLACEMENT_PROVIDER') => async (c: GenerationConfig) => {
  const { SeedProvider, seedSettings } = await import('./seed/seed.provider.js');
  return new SeedProvider(seedSettings(c, chosenBy));
};
const fal = (role: 'try-on' | 'placement') => async (c: FalConfig) => {
  const { FalProvider, falSettings } = await import('./fal/fal.provider.js');
  return new FalProvider(falSettings(c, role));
};

/** One line per provider: a new provider is a new folder and a line here (svc-generation README, "Adding a provider"). */
export const PROVIDERS: Record<string, ProviderEntry<GenerationConfig>> = {
  local: entry({ tryOn: local, placement: local }),
  seed: entry({ describe: (c) => c.VTON_API_URL, tryOn: seed('VTON_PROVIDER'), placement: seed('PLACEMENT_PROVIDER') }),
  fashn: entry({ variables: [withFashnConfig], describe: describeFashn, modelVariable: () => 'FASHN_MODEL', tryOn: async (c: FashnConfig) => { const { FashnProvider, fashnSettings } = await import('./fashn/fashn.provider.js'); return new FashnProvider(fashnSettings(c)); } }),
  vertex: entry({ variables: [withGoogleCloudConfig, withVertexConfig], describe: vertexApiUrl, modelVariable: () => 'VERTEX_MODEL', tryOn: async (c: VertexConfig) => { const { VertexProvider, vertexSettings } = await import('./vertex/vertex.provider.js'); return new VertexProvider(vertexSettings(c)); } }),
  gemini: entry({ variables: [withGoogleCloudConfig, withGeminiConfig], describe: describeGemini, modelVariable: () => 'GEMINI_MODEL', placement: async (c: GeminiConfig) => { const { GeminiProvider, geminiSettings } = await import('./gemini/gemini.provider.js'); return new GeminiProvider(geminiSettings(c)); } }),
  openai: entry({ variables: [withOpenAIConfig], describe: describeOpenAI, modelVariable: () => 'OPENAI_IMAGE_MODEL', placement: async (c: OpenAIConfig) => { const { OpenAIProvider, openaiSettings } = await import('./openai/openai.provider.js'); return new OpenAIProvider(openaiSettings(c)); } }),
  bfl: entry({ variables: [withBflConfig], describe: describeBfl, modelVariable: () => 'BFL_MODEL', placement: async (c: BflConfig) => { const { BflProvider, bflSettings } = await import('./bfl/bfl.provider.js'); return new BflProvider(bflSettings(c)); } }),
  fal: entry({ variables: [withFalConfig], describe: describeFal, modelVariable: (use) => (use === 'placement' ? 'FAL_PLACEMENT_MODEL' : 'FAL_MODEL'), tryOn: fal('try-on'), placement: fal('placement') }),
};

const namesFor = (use: ProviderUse) => Object.keys(PROVIDERS).filter((name) => PROVIDERS[name][use]);
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
export function createTryOnProvider(config: GenerationConfig): Promise<TryOnProvider> {
  return PROVIDERS[providerNameOf(config)].tryOn!(config);
}

/** The configured placement engine (PLACEMENT_PROVIDER, default the built-in compositor). */
export function createPlacementProvider(config: GenerationConfig): Promise<TryOnProvider> {
  return PROVIDERS[config.PLACEMENT_PROVIDER].placement!(config);
}

/**
 * `npm start`'s banner line for the configured try-on provider or placement engine: its name and, as
 * its folder describes it, where it sends work ("fal at https://queue.fal.run (fal-ai/leffa/virtual-tryon)");
 * the name alone for one that sends work nowhere (the built-in compositor). Never a key.
 */
export function providerSummary(config: GenerationConfig, use: ProviderUse): string {
  const name = use === 'tryOn' ? providerNameOf(config) : config.PLACEMENT_PROVIDER;
  const where = PROVIDERS[name].describe?.(config, use);
  return where ? `${name} at ${where}` : name;
}

/** The models the configured try-on provider and placement engine will call, by the variables that name them (for the start's lifecycle check). */
export function chosenModels(config: GenerationConfig): ChosenModel[] {
  const uses: [string, ProviderUse][] = [[providerNameOf(config), 'tryOn'], [config.PLACEMENT_PROVIDER, 'placement']];
  return uses.flatMap(([name, use]) => {
    const variable = PROVIDERS[name].modelVariable?.(use);
    return variable ? [{ variable, model: String((config as unknown as Record<string, unknown>)[variable]) }] : [];
  });
}

/** The variables the provider folders declare (for `npm start`, which hands them to svc-generation alone). */
export function providerVariables(): string[] {
  const declared = (configClass: ConfigClass) => getMetadataStorage().getTargetValidationMetadatas(configClass, '', true, false).map((m) => m.propertyName);
  const core = new Set(declared(GenerationConfig));
  return [...new Set(declared(ProviderConfigs))].filter((name) => !core.has(name));
}
