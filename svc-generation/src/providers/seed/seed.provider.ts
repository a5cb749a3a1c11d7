import { TARGET_IMAGE_SIZE } from '@vton/contracts';
import type { GenerationConfig } from '../../config/generation.config.js';
import { vtonProcessingError } from '../../errors/try-on-errors.js';
import { placementInstruction } from '../placement-instruction.js';
import { callLimits, ProviderCall, type CallLimits } from '../provider-http.js';
import type { ProviderFraming, TryOnInput, TryOnOutput, TryOnProvider } from '../try-on-provider.js';
import { postSeedRequest } from './seed-contract.js';

/** Spec §7 / §9: the mask region alone, scaled down (never up) to fit 960×960, centred on white. */
export const SEED_FRAMING: ProviderFraming = { width: TARGET_IMAGE_SIZE, height: TARGET_IMAGE_SIZE, mode: 'pad', context: 0, upscale: false };

export interface SeedSettings extends CallLimits {
  url: string;
}

export function seedSettings(config: GenerationConfig, chosenBy: 'VTON_PROVIDER' | 'PLACEMENT_PROVIDER' = 'VTON_PROVIDER'): SeedSettings {
  if (!config.VTON_API_URL) throw new Error(`${chosenBy}=seed needs VTON_API_URL (the §7 multipart service)`);
  return { url: config.VTON_API_URL, ...callLimits(config) };
}

/**
 * The seed contract (spec §7's multipart at VTON_API_URL), exactly as the studio has always spoken it;
 * as the placement engine (PLACEMENT_PROVIDER=seed) its prompt is the placement instruction.
 */
export class SeedProvider implements TryOnProvider {
  readonly name = 'seed' as const;
  readonly label = 'VTON service';
  readonly model = 'vton-multipart';
  readonly framing = SEED_FRAMING;
  // The §7 service takes 960×960 PNGs; even a noisy one stays far below this.
  readonly limits = { maxImageBytes: 40 * 1024 * 1024 };

  constructor(private readonly settings: SeedSettings) {}

  async tryOn(input: TryOnInput): Promise<TryOnOutput> {
    const call = new ProviderCall('the VTON service', this.settings, [], input.signal);
    try {
      const { image, builtInEngine } = await postSeedRequest(
        this.settings.url,
        // A product is described to the §7 service as to every placement engine (the one instruction, its mask the third image,
        // mask_image); a garment's try-on keeps §7's prompt as the seller wrote it.
        { prompt: input.category === 'product' ? placementInstruction(input.prompt, 'third-image') : input.prompt, target: input.person, reference: input.garment, mask: input.mask, category: input.category },
        { timeoutMs: this.settings.timeoutMs, maxResponseBytes: this.settings.maxResponseBytes, signal: input.signal },
      );
      return { image, provider: this.name, model: this.model, durationMs: call.elapsedMs, ...(builtInEngine ? { builtInEngine } : {}) };
    } catch (error) {
      const err = error as Error;
      if (err?.name === 'TimeoutError') throw vtonProcessingError(`the VTON service did not answer within ${this.settings.timeoutMs} ms`, true);
      throw call.explain(error);
    }
  }
}
