import { TARGET_IMAGE_SIZE } from '@vton/contracts';

/** Where an image of width×height sits on the 960×960 square the VTON service sees (spec §9). */
export interface Placement {
  /** ≤ 1: images are scaled down to fit, never up. */
  scale: number;
  width: number;
  height: number;
  left: number;
  top: number;
}

export function placementFor(width: number, height: number, size = TARGET_IMAGE_SIZE): Placement {
  const scale = Math.min(1, size / width, size / height);
  const w = Math.max(1, Math.min(size, Math.round(width * scale)));
  const h = Math.max(1, Math.min(size, Math.round(height * scale)));
  return { scale, width: w, height: h, left: Math.floor((size - w) / 2), top: Math.floor((size - h) / 2) };
}

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
