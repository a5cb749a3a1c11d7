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
}
