import { PROVIDER_LABELS, PROVIDERS, type ProviderName } from '@vton/contracts';

/**
 * The provider that made a result, read from wherever the result's metadata sits (a TryOnResult,
 * a gallery record's `metadata`); undefined for a result made before providers were recorded, a
 * mock, or a name this build does not know.
 */
export function resultProvider(metadata: { provider?: unknown } | Record<string, unknown> | null | undefined): ProviderName | undefined {
  const provider = metadata?.provider;
  return typeof provider === 'string' && (PROVIDERS as readonly string[]).includes(provider) ? (provider as ProviderName) : undefined;
}

/** What the viewer shows under a result: "Made with FASHN", "Made with Google Gemini". */
export function providerCaption(provider: ProviderName): string {
  return `Made with ${PROVIDER_LABELS[provider]}`;
}
