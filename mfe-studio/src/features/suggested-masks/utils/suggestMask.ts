import { loadImage } from '../../../lib/image';
import { MASK_COLOR, MASK_THUMBNAIL_ALPHA, MASK_THUMBNAIL_SIZE } from '../../mask-editor/utils/maskRenderer';
import { loadPoseDetector, type PoseDetector } from '../lib/poseRuntime';
import { suggestRegion } from '../model/bodyRegion';
import type { GarmentType } from '../model/garmentType';

/**
 * The longer side of the copy the pose model sees. The model itself works at 256 px; the mask is
 * computed at this size and drawn scaled up to the photo's full size (4K, 8K) by the renderer.
 */
export const SUGGESTION_MAX_SIDE = 512;

export type SuggestionOutcome =
  /** `mask`: lime where the garment goes, transparent elsewhere, at the downscaled size. */
  | { kind: 'mask'; mask: HTMLCanvasElement; thumbnailUrl: string }
  | { kind: 'no-person' };

/** The pose model could not load in this browser: the seller paints by hand. */
export class SuggestionsUnavailableError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'SuggestionsUnavailableError';
  }
}

function canvas(width: number, height: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

/** A copy of the photo whose longer side is at most SUGGESTION_MAX_SIDE. */
export function downscale(image: HTMLImageElement | HTMLCanvasElement, maxSide = SUGGESTION_MAX_SIDE): HTMLCanvasElement {
  const width = image.width;
  const height = image.height;
  const k = Math.min(1, maxSide / Math.max(width, height));
  const copy = canvas(Math.max(1, Math.round(width * k)), Math.max(1, Math.round(height * k)));
  const ctx = copy.getContext('2d')!;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, copy.width, copy.height);
  return copy;
}

export async function loadDetector(onProgress: (fraction: number) => void): Promise<PoseDetector> {
  try {
    return await loadPoseDetector(onProgress);
  } catch (error) {
    throw new SuggestionsUnavailableError(error);
  }
}

/** The suggested mask for one photo and garment type, or no person. */
export async function suggestMask(detector: PoseDetector, photoUrl: string, garmentType: GarmentType): Promise<SuggestionOutcome> {
  const photo = downscale(await loadImage(photoUrl));
  const finding = await detector.detect(photo);
  const silhouette = finding.silhouette ?? { width: photo.width, height: photo.height, data: new Uint8Array(photo.width * photo.height) };
  const region = suggestRegion(finding.landmarks, silhouette, garmentType);
  if (region.kind === 'no-person') return region;

  const mask = canvas(region.width, region.height);
  const ctx = mask.getContext('2d')!;
  const pixels = ctx.createImageData(region.width, region.height);
  const [r, g, b] = MASK_COLOR.split(',').map(Number);
  for (let i = 0; i < region.alpha.length; i += 1) {
    pixels.data[i * 4] = r;
    pixels.data[i * 4 + 1] = g;
    pixels.data[i * 4 + 2] = b;
    pixels.data[i * 4 + 3] = region.alpha[i];
  }
  ctx.putImageData(pixels, 0, 0);

  // the tile's preview, like an approved mask's: the photo with the mask in lime at 40 %
  const k = MASK_THUMBNAIL_SIZE / Math.max(photo.width, photo.height);
  const thumbnail = canvas(Math.max(1, Math.round(photo.width * k)), Math.max(1, Math.round(photo.height * k)));
  const tctx = thumbnail.getContext('2d')!;
  tctx.drawImage(photo, 0, 0, thumbnail.width, thumbnail.height);
  tctx.globalAlpha = MASK_THUMBNAIL_ALPHA;
  tctx.drawImage(mask, 0, 0, thumbnail.width, thumbnail.height);
  return { kind: 'mask', mask, thumbnailUrl: thumbnail.toDataURL('image/jpeg', 0.85) };
}
