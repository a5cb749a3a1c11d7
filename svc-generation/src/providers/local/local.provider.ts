import { composeTryOn } from '../../local-engine/compositor.js';
import { vtonProcessingError } from '../../errors/try-on-errors.js';
import type { ProviderFraming, TryOnInput, TryOnOutput, TryOnProvider } from '../try-on-provider.js';

/**
 * The mask region alone at its own size (never scaled up), up to 2048 px on its longer side: the
 * compositor works at the photo's resolution, so a 4K photo's garment is not a 960 px one scaled
 * up, and its work stays bounded (BENCHMARKS.md).
 */
export const LOCAL_FRAMING: ProviderFraming = { width: 2048, height: 2048, mode: 'free', context: 0, upscale: false };

/**
 * The built-in engine (src/local-engine/compositor.ts), called in this process: the default when
 * no provider is configured. It needs no network, key or second process. It serves products too
 * (PLACEMENT_PROVIDER=local, the default): the category tells it to place the product rather than
 * fit a garment.
 */
export class LocalProvider implements TryOnProvider {
  readonly name = 'local' as const;
  readonly label = 'Local compositor';
  readonly model = 'local-compositor';
  readonly framing = LOCAL_FRAMING;
  readonly limits = { maxImageBytes: 40 * 1024 * 1024 };

  async tryOn(input: TryOnInput): Promise<TryOnOutput> {
    const started = performance.now();
    if (input.signal?.aborted) throw vtonProcessingError('the request was cancelled');
    try {
      const image = await composeTryOn({ target: input.person, reference: input.garment, mask: input.mask, category: input.category });
      return { image, provider: this.name, model: this.model, durationMs: performance.now() - started, builtInEngine: true };
    } catch (error) {
      throw vtonProcessingError(`the local compositor could not read its inputs: ${(error as Error).message}`);
    }
  }
}
