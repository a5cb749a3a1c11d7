import { TRY_ON_PROVIDER_LABELS, TRY_ON_PROVIDERS, type TryOnProviderName } from '@vton/contracts';

/**
 * The provider that made a result, read from wherever the result's metadata sits (a TryOnResult,
 * a gallery record's `metadata`); undefined for a result made before providers were recorded, a
 * mock, or a name this build does not know.
 */
export function resultProvider(metadata: { provider?: unknown } | Record<string, unknown> | null | undefined): TryOnProviderName | undefined {
  const provider = metadata?.provider;
  return typeof provider === 'string' && (TRY_ON_PROVIDERS as readonly string[]).includes(provider) ? (provider as TryOnProviderName) : undefined;
}

/** What the viewer shows under a result: "Made with FASHN". */
export function providerCaption(provider: TryOnProviderName): string {
  return `Made with ${TRY_ON_PROVIDER_LABELS[provider]}`;
}

/** How a result made by the built-in engine is labelled in the drawer, the viewer and the gallery. */
export const BUILT_IN_PREVIEW_LABEL = 'Preview — built-in engine';
/** The docs' article on try-on providers: what the built-in engine is, and how an operator configures a real one. */
export const PROVIDERS_ARTICLE_PATH = '/docs/try-on-providers';

/** Whether a result (a TryOnResult, a gallery record's `metadata`) was made by the built-in engine. */
export function isBuiltInPreview(metadata: { builtInEngine?: unknown } | Record<string, unknown> | null | undefined): boolean {
  return metadata?.builtInEngine === true;
}
