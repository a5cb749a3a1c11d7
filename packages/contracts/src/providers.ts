// An open string, not a list: which providers there are is svc-generation's registry's to say
// (src/providers/registry.ts), and a result carries its provider's label (`providerLabel`), so no
// other app needs a provider's name to show it.
/**
 * The provider that made a result (a try-on provider or a placement engine): `local`, `seed`,
 * `fashn`, `vertex`, `fal`, `gemini`, `openai` or `bfl` today. More may be added: show people the
 * result's `providerLabel`, not this name.
 *
 * @examples ["fashn", "gemini"]
 */
export type ProviderName = string;

/**
 * Which provider made a result, as saved in the result's metadata (and on TryOnResult): the
 * provider and its label, its model (and version when it reports one) and how long the provider
 * call took.
 */
export interface ResultProviderMetadata {
  provider?: ProviderName;
  /**
   * The provider's name as people read it (svc-generation takes it from the provider's own folder):
   * the studio and the gallery show "Made with {providerLabel}" under the result. Results made before
   * it was recorded lack it.
   *
   * @examples ["FASHN", "Google Gemini"]
   */
  providerLabel?: string;
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
