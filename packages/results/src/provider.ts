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
