// What a provider asks of the picture it is sent: imaging frames and shrinks to it; each provider declares its own.

/**
 * How the provider wants the model photo framed. `pad`: the mask region alone, scaled into
 * width×height and padded (the §7 contract's 960 square). `widen`: the region grown with more of
 * the photo around it until it has the frame's aspect ratio (padded only where the photo ends) —
 * for models that must see the body to find the pose. `free`: the region (with context) keeps its
 * own aspect ratio and is scaled to fit inside width×height (providers that answer at input size).
 */
export interface ProviderFraming {
  width: number;
  height: number;
  mode: 'pad' | 'widen' | 'free';
  /** Photo context added on each side of the mask bounds, as a fraction of their size. */
  context: number;
  /** Whether a small region may be scaled up to the frame (generative models work at a fixed resolution). */
  upscale: boolean;
  /**
   * Set: the framed photo is sent as a JPEG of this quality (on white) instead of a PNG — for
   * providers that recommend JPEG or take it as well. A 2048 px frame of a photo is 0.5–0.7 MB to
   * upload instead of 3.7–6.5 MB, in a third of the time to encode. The mask is always a PNG.
   */
  jpegQuality?: number;
}

/**
 * The JPEG quality of a framed photo for every provider that takes JPEG (all but the §7 service):
 * FASHN's recommendation, visually lossless, and a fraction of a PNG's bytes and encoding time.
 */
export const FRAME_JPEG_QUALITY = 95;

/** The MIME type of an image we send (a framed photo, a crop, a mask), from its first bytes: JPEG or PNG. */
export function sentImageType(bytes: Buffer): 'image/jpeg' | 'image/png' {
  return bytes[0] === 0xff && bytes[1] === 0xd8 ? 'image/jpeg' : 'image/png';
}

/** An image we send as a data URI, with its own MIME type. */
export function imageDataUri(bytes: Buffer): string {
  return `data:${sentImageType(bytes)};base64,${bytes.toString('base64')}`;
}

/** What the provider accepts, so what we send is shrunk to fit (the seller's result never is). */
export interface ProviderLimits {
  /** Largest encoded image the provider takes, in bytes. */
  maxImageBytes: number;
}
