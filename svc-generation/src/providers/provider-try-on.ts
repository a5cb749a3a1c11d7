import type { CropBounds, GarmentCategory, ResultProviderMetadata } from '@vton/contracts';
import { assertImage } from '../imaging/image-processor.js';
import { composeIntoPhoto, prepareProviderInputs, type ComposedImage, type DecodedPhoto, type FramePlacement } from '../imaging/mask-composer.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from './try-on-provider.js';

/** One model photo's try-on, as the worker has it from svc-media. */
export interface ModelTryOn {
  /** The stored model photo (full resolution, upright), or its pixels decoded once (decodePhoto). */
  original: Buffer | DecodedPhoto;
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
  /** What the result's metadata records about the provider (TryOnResult / the gallery record). */
  metadata: Required<Pick<ResultProviderMetadata, 'provider' | 'providerLabel' | 'providerModel' | 'providerDurationMs'>> & Pick<ResultProviderMetadata, 'providerVersion' | 'builtInEngine'>;
  /** Where the time went outside the provider call (ms). */
  timings: { prepare: number; provider: number };
}

/** How a provider is named in a §8 message ("the VTON service answered with data that is not an image"). */
export function providerWording(provider: Pick<TryOnProvider, 'name' | 'label'>): string {
  if (provider.name === 'seed') return 'the VTON service';
  if (provider.name === 'local') return 'the local compositor';
  return provider.label;
}

/**
 * The provider half of one model's try-on: frame the photo as the provider asks, make the one call
 * (`call` wraps it, e.g. with metrics), and check its answer is an image. One call, one attempt:
 * retries are the queue's (VTON_MAX_ATTEMPTS), and a 429's Retry-After pauses the provider for
 * the whole fleet there (JobQueue), not here. `compose` then blends the answer into the photo; it
 * is separate so the caller can bound composition memory and fall back to the raw answer (§8).
 */
export async function tryOnWithProvider(
  provider: TryOnProvider,
  job: ModelTryOn,
  call: (input: TryOnInput) => Promise<TryOnOutput> = (input) => provider.tryOn(input),
): Promise<ProviderTryOnResult> {
  let t = performance.now();
  const framed = await prepareProviderInputs(job.original, job.mask, job.bounds, provider.framing, provider.limits);
  const prepare = performance.now() - t;
  t = performance.now();
  const output = await call({ person: framed.person, mask: framed.mask, garment: job.garment, prompt: job.prompt, category: job.category, signal: job.signal });
  const providerMs = performance.now() - t;
  await assertImage(output.image, providerWording(provider));
  return {
    output,
    placement: framed.placement,
    metadata: {
      provider: output.provider,
      providerLabel: provider.label,
      providerModel: output.model,
      ...(output.version ? { providerVersion: output.version } : {}),
      providerDurationMs: Math.round(output.durationMs),
      ...(output.builtInEngine ? { builtInEngine: true } : {}),
    },
    timings: { prepare, provider: providerMs },
  };
}

/** The answer blended into the photo through the feathered mask: the photo's size, its own pixels outside the mask. */
export function composeProviderAnswer(job: Pick<ModelTryOn, 'original' | 'mask' | 'bounds'>, result: ProviderTryOnResult, options: { thumbnailSide?: number } = {}): Promise<ComposedImage> {
  return composeIntoPhoto(job.original, result.output.image, job.mask, job.bounds, result.placement, options);
}
