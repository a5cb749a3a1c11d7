import type { CropBounds, GarmentCategory, ResultProviderMetadata } from '@vton/contracts';
import sharp from 'sharp';
import { composeIntoPhoto, prepareProviderInputs, type ComposedImage, type FramePlacement } from '../imaging/mask-composer.js';
import { vtonProcessingError } from '../try-on/try-on-errors.js';
import { callProvider, type ProviderCallPolicy } from './call-provider.js';
import type { TryOnOutput, TryOnProvider } from './try-on-provider.js';

/** One model photo's try-on, as the worker has it from svc-media. */
export interface ModelTryOn {
  /** The stored model photo (full resolution, upright). */
  original: Buffer;
  /** The processed mask for `bounds` (white = garment). */
  mask: Buffer;
  bounds: CropBounds;
  /** The cropped garment (PNG). */
  garment: Buffer;
  prompt: string;
  category: GarmentCategory;
  signal?: AbortSignal;
}

export interface ProviderTryOnResult {
  /** The provider's answer (checked to be an image) and where it goes back. */
  output: TryOnOutput;
  placement: FramePlacement;
  attempts: number;
  /** What the result's metadata records about the provider (TryOnResult / the gallery record). */
  metadata: Required<Pick<ResultProviderMetadata, 'provider' | 'providerModel' | 'providerDurationMs'>> & Pick<ResultProviderMetadata, 'providerVersion'>;
  /** Where the time went outside the provider call (ms). */
  timings: { prepare: number; provider: number };
}

/**
 * The provider half of one model's try-on: frame the photo as the provider asks, call it under the
 * retry rule, and check its answer is an image. `compose` then blends it into the photo; it is
 * separate so the caller can bound composition memory and fall back to the raw answer (§8).
 */
export async function tryOnWithProvider(
  provider: TryOnProvider,
  job: ModelTryOn,
  policy: ProviderCallPolicy,
  onAttempt?: (attempt: number) => void,
): Promise<ProviderTryOnResult> {
  let t = performance.now();
  const framed = await prepareProviderInputs(job.original, job.mask, job.bounds, provider.framing, provider.limits);
  const prepare = performance.now() - t;
  t = performance.now();
  const { output, attempts } = await callProvider(
    provider,
    { person: framed.person, mask: framed.mask, garment: job.garment, prompt: job.prompt, category: job.category, signal: job.signal },
    policy,
    onAttempt,
  );
  const providerMs = performance.now() - t;
  await assertImage(output.image, provider.name);
  return {
    output,
    placement: framed.placement,
    attempts,
    metadata: {
      provider: output.provider,
      providerModel: output.model,
      ...(output.version ? { providerVersion: output.version } : {}),
      providerDurationMs: Math.round(output.durationMs),
    },
    timings: { prepare, provider: providerMs },
  };
}

/** The answer blended into the photo through the feathered mask: the photo's size, its own pixels outside the mask. */
export function composeProviderAnswer(job: Pick<ModelTryOn, 'original' | 'mask' | 'bounds'>, result: ProviderTryOnResult): Promise<ComposedImage> {
  return composeIntoPhoto(job.original, result.output.image, job.mask, job.bounds, result.placement);
}

async function assertImage(bytes: Buffer, provider: string): Promise<void> {
  try {
    const { width, height } = await sharp(bytes).metadata();
    if (!width || !height) throw new Error('no dimensions');
    // metadata() reads only the header; a truncated body fails here.
    await sharp(bytes).resize(8, 8).raw().toBuffer();
  } catch {
    throw vtonProcessingError(`the ${provider} provider answered with data that is not an image`);
  }
}
