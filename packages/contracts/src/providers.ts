/** The try-on providers svc-generation can use (VTON_PROVIDER). */
export const TRY_ON_PROVIDERS = ['local', 'seed', 'fashn', 'vertex', 'fal'] as const;
export type TryOnProviderName = (typeof TRY_ON_PROVIDERS)[number];
/** The provider's name as the gallery viewer shows it under a result. */
export const TRY_ON_PROVIDER_LABELS: Record<TryOnProviderName, string> = {
  local: 'Local compositor',
  seed: 'VTON service',
  fashn: 'FASHN',
  vertex: 'Google Vertex AI',
  fal: 'fal.ai',
};

/**
 * Which provider made a result, as saved in the result's metadata (and on TryOnResult): the
 * provider, its model (and version when it reports one) and how long the provider call took.
 */
export interface ResultProviderMetadata {
  provider?: TryOnProviderName;
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
