/**
 * Softness of the blend edge for a crop of this size: about 1 % of its short side, so the seam
 * is invisible at 8K yet the blend never reaches far outside the painted mask.
 */
export function featherSigma(width: number, height: number): number {
  return Math.min(12, Math.max(1, Math.round(Math.min(width, height) * 0.01)));
}

/** How far (px) the feathered mask can reach beyond the painted one: libvips' Gaussian kernel radius, with margin. */
export function featherReach(width: number, height: number): number {
  return Math.ceil(featherSigma(width, height) * 3) + 2;
}
