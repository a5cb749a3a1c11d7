import { TARGET_IMAGE_SIZE } from '@vton/contracts';
import { composeTryOn } from '../../local-engine/compositor.js';
import { vtonProcessingError } from '../../try-on/try-on-errors.js';
import { SEED_FRAMING } from '../seed/seed.provider.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from '../try-on-provider.js';

/**
 * The built-in compositor (src/local-engine/compositor.ts), called in this process: the default
 * when no provider is configured. It sees what the §7 service sees (the inpaint crop on a 960
 * square) and needs no network, key or second process. It serves products too (PLACEMENT_PROVIDER=local,
 * the default): the category tells it to place the product rather than fit a garment.
 */
export class LocalProvider implements TryOnProvider {
  readonly name = 'local' as const;
  readonly model = 'local-compositor';
  readonly framing = SEED_FRAMING;
  readonly limits = { maxImageBytes: 40 * 1024 * 1024 };

  async tryOn(input: TryOnInput): Promise<TryOnOutput> {
    const started = performance.now();
    if (input.signal?.aborted) throw vtonProcessingError('the request was cancelled');
    try {
      const image = await composeTryOn({ target: input.person, reference: input.garment, mask: input.mask, size: TARGET_IMAGE_SIZE, category: input.category });
      return { image, provider: this.name, model: this.model, durationMs: performance.now() - started };
    } catch (error) {
      throw vtonProcessingError(`the local compositor could not read its inputs: ${(error as Error).message}`);
    }
  }
}
