import type { ProviderName } from '@vton/contracts';

/**
 * The labels of the eight providers there were before a result carried its provider's label
 * (`providerLabel`, recorded by svc-generation from the provider's folder): only for results saved
 * before then, whose metadata has `provider` alone, so they keep their caption. Frozen: a new
 * provider never goes here, its results carry their label.
 */
const LABELS_OF_RESULTS_BEFORE_LABELS: ReadonlyMap<ProviderName, string> = new Map([
  ['local', 'Local compositor'],
  ['seed', 'VTON service'],
  ['fashn', 'FASHN'],
  ['vertex', 'Google Vertex AI'],
  ['fal', 'fal.ai'],
  ['gemini', 'Google Gemini'],
  ['openai', 'OpenAI'],
  ['bfl', 'Black Forest Labs'],
]);

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * The provider that made a result, read from wherever the result's metadata sits (a TryOnResult,
 * a gallery record's `metadata`); undefined for a result made before providers were recorded, or a mock.
 */
export function resultProvider(metadata: { provider?: unknown } | Record<string, unknown> | null | undefined): ProviderName | undefined {
  return text(metadata?.provider);
}

/** The label of the provider that made a result, as its metadata carries it (`providerLabel`); undefined for a result made before labels were recorded. */
export function resultProviderLabel(metadata: { providerLabel?: unknown } | Record<string, unknown> | null | undefined): string | undefined {
  return text(metadata?.providerLabel);
}

/**
 * What the viewer shows under a result: "Made with FASHN", "Made with Google Gemini". The label the
 * result carries, or for a result saved before results carried one, its provider's label as of then;
 * undefined (no caption) when neither is known.
 */
export function providerCaption(provider: ProviderName | undefined, label?: string): string | undefined {
  const shown = label || (provider === undefined ? undefined : LABELS_OF_RESULTS_BEFORE_LABELS.get(provider));
  return shown ? `Made with ${shown}` : undefined;
}

/** How a result made by the built-in engine is labelled in the drawer, the viewer and the gallery. */
export const BUILT_IN_PREVIEW_LABEL = 'Preview — built-in engine';
/** The docs' article on try-on providers: what the built-in engine is, and how an operator configures a real one. */
export const PROVIDERS_ARTICLE_PATH = '/docs/try-on-providers';

/** Whether a result (a TryOnResult, a gallery record's `metadata`) was made by the built-in engine. */
export function isBuiltInPreview(metadata: { builtInEngine?: unknown } | Record<string, unknown> | null | undefined): boolean {
  return metadata?.builtInEngine === true;
}
