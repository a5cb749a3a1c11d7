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
}

/** What the provider accepts, so what we send is shrunk to fit (the seller's result never is). */
export interface ProviderLimits {
  /** Largest encoded image the provider takes, in bytes. */
  maxImageBytes: number;
}
