import { loadImage } from '../../../lib/image';
import { MASK_COLOR } from '../../../lib/mask';
import { loadPoseDetector, type PoseDetector, type PoseFinding } from '../lib/poseRuntime';
import { silhouetteBox, squareAround, suggestRegion, type SuggestedRegion } from '../model/bodyRegion';
import { SUGGESTED_MASK_MAX_SIDE, type WornCategory } from '@vton/contracts';
import { suggestionPreview } from './suggestionPreview';

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

/** Draws `source`'s rectangle (its own pixels) into a copy whose longer side is at most `maxSide`. */
function cropCopy(source: HTMLImageElement, rect: { x: number; y: number; width: number; height: number }, maxSide = SUGGESTION_MAX_SIDE): HTMLCanvasElement {
  const k = Math.min(1, maxSide / Math.max(rect.width, rect.height));
  const copy = canvas(Math.max(1, Math.round(rect.width * k)), Math.max(1, Math.round(rect.height * k)));
  const ctx = copy.getContext('2d')!;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, rect.x, rect.y, rect.width, rect.height, 0, 0, copy.width, copy.height);
  return copy;
}

/**
 * The black margin around the photo, as a share of its longer side, when the first look finds no
 * one. MediaPipe's person detector misses some people who fill the photo from head to feet (NASA's
 * photo AS11-40-5903 of an astronaut, the face behind the visor, scores below 0.15 with every
 * model, the lite one as the heavy one: the detector is the same); seen smaller on black (what
 * MediaPipe pads its own input with) they are found. Lowering the detector's threshold instead
 * finds people in a cup of coffee and in an empty office.
 */
const ZOOM_OUT_MARGIN = 0.25;

/** A look at `photo`, and again within a black margin when it finds no one. */
async function look(detector: PoseDetector, photo: HTMLCanvasElement): Promise<PoseFinding> {
  const finding = await detector.detect(photo);
  return finding.landmarks ? finding : detectZoomedOut(detector, photo);
}

/** A look at `photo` within a black margin, with what was found given in `photo`'s own terms. */
async function detectZoomedOut(detector: PoseDetector, photo: HTMLCanvasElement): Promise<PoseFinding> {
  const margin = Math.round(ZOOM_OUT_MARGIN * Math.max(photo.width, photo.height));
  const framed = canvas(photo.width + 2 * margin, photo.height + 2 * margin);
  const ctx = framed.getContext('2d')!;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, framed.width, framed.height);
  ctx.drawImage(photo, margin, margin);
  const finding = await detector.detect(framed);
  const silhouette = finding.silhouette;
  const data = new Uint8Array(photo.width * photo.height);
  if (silhouette) for (let y = 0; y < photo.height; y += 1) data.set(silhouette.data.subarray((y + margin) * framed.width + margin, (y + margin) * framed.width + margin + photo.width), y * photo.width);
  return {
    landmarks: finding.landmarks?.map(({ x, y, visibility }) => ({ x: (x * framed.width - margin) / photo.width, y: (y * framed.height - margin) / photo.height, visibility })) ?? null,
    silhouette: silhouette ? { width: photo.width, height: photo.height, data } : null,
  };
}

const emptySilhouette = (c: HTMLCanvasElement) => ({ width: c.width, height: c.height, data: new Uint8Array(c.width * c.height) });

/**
 * The suggested mask for one photo and garment type, or no person. A first look at the whole
 * (downscaled) photo finds the person; a second one at a square around them places the joints
 * (the model does best on a person who fills its frame). Both run on copies of at most 512 px (and
 * look again within a margin when they find no one).
 */
export async function suggestMask(detector: PoseDetector, photoUrl: string, garmentCategory: WornCategory): Promise<SuggestionOutcome> {
  const started = performance.now();
  const image = await loadImage(photoUrl);
  const photo = downscale(image);
  measure('load and downscale the photo', started);
  const wholeStarted = performance.now();
  const whole = await look(detector, photo);
  measure('pose: whole photo', wholeStarted);
  const box = whole.silhouette && whole.landmarks ? silhouetteBox(whole.silhouette) : null;
  if (!box) return { kind: 'no-person' };

  const square = squareAround(box, photo.width, photo.height);
  if (square.width >= 0.8 * photo.width && square.height >= 0.8 * photo.height) {
    // the person already fills the photo: the first look is the close one
    return maskOutcome(image, photo, suggestRegion(whole.landmarks, whole.silhouette ?? emptySilhouette(photo), garmentCategory), { x: 0, y: 0, width: image.width, height: image.height });
  }
  // the square in the photo's own pixels
  const toImage = image.width / photo.width;
  const rect = { x: square.x * toImage, y: square.y * toImage, width: square.width * toImage, height: square.height * toImage };
  const crop = cropCopy(image, rect);
  const closeStarted = performance.now();
  const close = await look(detector, crop);
  measure('pose: around the person', closeStarted);
  const regionStarted = performance.now();
  let region = suggestRegion(close.landmarks, close.silhouette ?? emptySilhouette(crop), garmentCategory);
  let placed = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  if (region.kind === 'no-person') {
    region = suggestRegion(whole.landmarks, whole.silhouette ?? emptySilhouette(photo), garmentCategory);
    placed = { x: 0, y: 0, width: image.width, height: image.height };
  }
  const outcome = maskOutcome(image, photo, region, placed);
  measure('region and mask', regionStarted);
  return outcome;
}

/** Where the time goes, for the browser's performance panel and the benchmark. */
function measure(name: string, start: number): void {
  performance.measure(`suggested-masks: ${name}`, { start, end: performance.now() });
}

/** The suggestion's mask for the whole photo (`region` covers `placed`, in photo pixels) and the tile's preview. */
function maskOutcome(image: HTMLImageElement, photo: HTMLCanvasElement, region: SuggestedRegion, placed: { x: number; y: number; width: number; height: number }): SuggestionOutcome {
  if (region.kind === 'no-person') return region;
  const regionMask = canvas(region.width, region.height);
  const rctx = regionMask.getContext('2d')!;
  const pixels = rctx.createImageData(region.width, region.height);
  const [r, g, b] = MASK_COLOR.split(',').map(Number);
  for (let i = 0; i < region.alpha.length; i += 1) {
    pixels.data[i * 4] = r;
    pixels.data[i * 4 + 1] = g;
    pixels.data[i * 4 + 2] = b;
    pixels.data[i * 4 + 3] = region.alpha[i];
  }
  rctx.putImageData(pixels, 0, 0);

  // the whole photo's mask at the region's resolution (at most 2048 px): the renderer scales it to full size
  const scaleUp = Math.min(region.width / placed.width, SUGGESTED_MASK_MAX_SIDE / Math.max(image.width, image.height));
  const mask = canvas(Math.max(1, Math.round(image.width * scaleUp)), Math.max(1, Math.round(image.height * scaleUp)));
  const ctx = mask.getContext('2d')!;
  ctx.imageSmoothingEnabled = true;
  ctx.drawImage(regionMask, placed.x * scaleUp, placed.y * scaleUp, placed.width * scaleUp, placed.height * scaleUp);

  return { kind: 'mask', mask, thumbnailUrl: suggestionPreview(photo, mask) };
}
