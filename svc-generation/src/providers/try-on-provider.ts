import type { GarmentCategory, TryOnProviderName } from '@vton/contracts';

/**
 * The try-on provider seam (issue 15): one interface, one folder per provider (local, seed, fashn,
 * vertex, fal), selected by VTON_PROVIDER and injected by TRY_ON_PROVIDER. The caller never knows
 * which provider it talks to: it frames the model photo the way `framing` asks
 * (imaging/mask-composer.ts), calls `tryOn`, and blends the answer back through the feathered mask.
 */
export const TRY_ON_PROVIDER = Symbol('TRY_ON_PROVIDER');

/**
 * How the provider wants the model photo framed. `pad`: the inpaint region alone, scaled into
 * width×height and padded (the §7 contract's 960 square). `widen`: the region grown with more of
 * the photo around it until it has the frame's aspect ratio (padded only where the photo ends) —
 * for models that must see the body to find the pose. `free`: the region (with context) keeps its
 * own aspect ratio and is scaled to fit inside width×height (providers that answer at input size).
 */
export interface ProviderFraming {
  width: number;
  height: number;
  mode: 'pad' | 'widen' | 'free';
  /** Photo context added on each side of the inpaint bounds, as a fraction of their size. */
  context: number;
  /** Whether a small region may be scaled up to the frame (generative models work at a fixed resolution). */
  upscale: boolean;
}

/** What the provider accepts, so what we send is shrunk to fit (the seller's result never is). */
export interface ProviderLimits {
  /** Largest encoded image the provider takes, in bytes. */
  maxImageBytes: number;
}

export interface TryOnInput {
  /** The model photo framed as `framing` asks (PNG, frame-sized). */
  person: Buffer;
  /** The cropped garment (PNG). */
  garment: Buffer;
  /** White where the garment goes, on black, frame-sized (PNG). Only some providers take a mask. */
  mask: Buffer;
  prompt: string;
  category: GarmentCategory;
  /** Abandons the call (the job was stopped). The provider's own deadline applies on top. */
  signal?: AbortSignal;
}

export interface TryOnOutput {
  /** The provider's image bytes (PNG or JPEG, any size: the composer maps it back onto the frame). */
  image: Buffer;
  provider: TryOnProviderName;
  /** The provider's model id (tryon-v1.6, virtual-try-on-001, fal-ai/leffa/virtual-tryon, …). */
  model: string;
  /** A model version when the provider reports one. */
  version?: string;
  /** Time spent on the provider call (submit, queue, polling and download), ms. */
  durationMs: number;
  /** The built-in engine made it (a preview, not a real try-on): the result's metadata says so. */
  builtInEngine?: boolean;
}

export interface TryOnProvider {
  readonly name: TryOnProviderName;
  readonly model: string;
  readonly framing: ProviderFraming;
  readonly limits: ProviderLimits;
  /**
   * One try-on. Rejects with a ModelTryOnError in spec §8's words: VTON_API_ERROR "VTON API
   * request failed: {status} {statusText}. {body}" when the provider answered with an error
   * (429: `retryAfterMs` set when it sent Retry-After), VTON_PROCESSING_ERROR otherwise (its
   * deadline passed, a garbage answer, a failed prediction). `retryable` says whether trying again
   * could help.
   */
  tryOn(input: TryOnInput): Promise<TryOnOutput>;
}
