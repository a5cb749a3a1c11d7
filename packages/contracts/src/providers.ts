/**
 * Every provider a result can have been made by (try-on providers and placement engines), as the
 * API names it and the gallery labels it. Which of them serve garments (VTON_PROVIDER) and products
 * (PLACEMENT_PROVIDER) is svc-generation's registry's to say (src/providers/registry.ts).
 */
export const PROVIDERS = ['local', 'seed', 'fashn', 'vertex', 'fal', 'gemini', 'openai', 'bfl'] as const;
export type ProviderName = (typeof PROVIDERS)[number];
/** The provider's name as the gallery viewer shows it under a result. */
export const PROVIDER_LABELS: Record<ProviderName, string> = {
  local: 'Local compositor',
  seed: 'VTON service',
  fashn: 'FASHN',
  vertex: 'Google Vertex AI',
  fal: 'fal.ai',
  gemini: 'Google Gemini',
  openai: 'OpenAI',
  bfl: 'Black Forest Labs',
};

/**
 * Which provider made a result, as saved in the result's metadata (and on TryOnResult): the
 * provider, its model (and version when it reports one) and how long the provider call took.
 */
export interface ResultProviderMetadata {
  provider?: ProviderName;
  providerModel?: string;
  providerVersion?: string;
  providerDurationMs?: number;
  /**
   * Made by the built-in engine (svc-generation's local compositor, in process or as `npm start`'s
   * vton-engine): a preview of the garment's placement, not a real try-on. Shown as "Preview —
   * built-in engine" wherever the result is.
   */
  builtInEngine?: boolean;
}

/**
 * The header with which the built-in engine (`vton-engine`, spec §7's contract) says that it made
 * an answer, so a result made through VTON_API_URL is recorded as built-in too.
 */
export const BUILT_IN_ENGINE_HEADER = { name: 'x-vton-engine', value: 'built-in' } as const;
