import type { GarmentCategory, ProviderName } from '@vton/contracts';
import type { ProviderFraming, ProviderLimits } from '../imaging/framing.js';

/**
 * The provider seam (issue 15, issue 28): one interface, one folder per provider. Garments go to the
 * try-on provider VTON_PROVIDER selects (local, seed, fashn, vertex, fal), products to the placement
 * engine PLACEMENT_PROVIDER selects (local, seed, gemini, openai, bfl, fal); ProviderRouter holds
 * both. The caller never knows which provider it talks to: it frames the photo the way `framing`
 * asks (imaging/mask-composer.ts), calls `tryOn`, and blends the answer back through the feathered mask.
 */

export type { ProviderFraming, ProviderLimits } from '../imaging/framing.js';

export interface TryOnInput {
  /** The model photo framed as `framing` asks (PNG, frame-sized). */
  person: Buffer;
  /** The cropped garment, or the product for a placement (PNG). */
  garment: Buffer;
  /** White where the garment (or product) goes, on black, frame-sized (PNG). Only some providers take a mask. */
  mask: Buffer;
  /** The seller's prompt (placement engines get it inside the placement instruction). */
  prompt: string;
  /** `product` for a placement (what the local compositor branches on); a garment's kind otherwise. */
  category: GarmentCategory;
  /** Abandons the call (the job was stopped). The provider's own deadline applies on top. */
  signal?: AbortSignal;
}

export interface TryOnOutput {
  /** The provider's image bytes (PNG or JPEG, any size: the composer maps it back onto the frame). */
  image: Buffer;
  provider: ProviderName;
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
  readonly name: ProviderName;
  /**
   * Its name as a seller reads it ("FASHN", "Google Gemini"): every result records it
   * (`providerLabel`), and the studio and the gallery show "Made with {label}" under the result.
   */
  readonly label: string;
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
