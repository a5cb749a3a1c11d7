import type { CropBounds, CropData } from '@vton/contracts';

export interface Rect { left: number; top: number; width: number; height: number }

/**
 * How a garment crop becomes the target square (spec §5, §9): the crop rectangle, in the
 * stored image's pixels, may reach outside the image (that part is white); it is scaled
 * down, never up, to fit `target`×`target`, centred on a white square.
 */
export interface GarmentCropPlan {
  /** The part of the stored image inside the crop. */
  extract: Rect;
  /** Size of that part after scaling. */
  resize: { width: number; height: number };
  /** Where it goes on the white target square. */
  place: { left: number; top: number };
  scale: number;
  target: number;
}

/**
 * `crop` is in the client's natural pixels (naturalWidth × naturalHeight); when the stored
 * image has other dimensions (the client measured it differently) the crop is scaled to it.
 * Returns null when the crop does not touch the image at all.
 */
export function planGarmentCrop(crop: CropData, imageWidth: number, imageHeight: number, target: number): GarmentCropPlan | null {
  const sx = imageWidth / crop.naturalWidth;
  const sy = imageHeight / crop.naturalHeight;
  const x = crop.x * sx;
  const y = crop.y * sy;
  const width = crop.width * sx;
  const height = crop.height * sy;

  const left = Math.max(0, Math.round(x));
  const top = Math.max(0, Math.round(y));
  const right = Math.min(imageWidth, Math.round(x + width));
  const bottom = Math.min(imageHeight, Math.round(y + height));
  if (right <= left || bottom <= top) return null;

  const scale = Math.min(1, target / width, target / height);
  // The scaled crop rectangle is centred on the square; the image part keeps its offset inside it.
  const originLeft = (target - width * scale) / 2;
  const originTop = (target - height * scale) / 2;
  const placeLeft = Math.round(originLeft + (left - x) * scale);
  const placeTop = Math.round(originTop + (top - y) * scale);
  const resize = {
    width: clamp(Math.round((right - left) * scale), 1, target - placeLeft),
    height: clamp(Math.round((bottom - top) * scale), 1, target - placeTop),
  };
  return {
    extract: { left, top, width: right - left, height: bottom - top },
    resize,
    place: { left: placeLeft, top: placeTop },
    scale,
    target,
  };
}

/**
 * Bounding box of the painted pixels of a one-channel map (non-zero = painted), or null
 * when nothing is painted.
 */
export function maskBox(map: Uint8Array, width: number, height: number): Rect | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    for (let x = 0; x < width; x++) {
      if (map[row + x] !== 0) { first = x; break; }
    }
    if (first < 0) continue;
    let last = first;
    for (let x = width - 1; x > first; x--) {
      if (map[row + x] !== 0) { last = x; break; }
    }
    if (y < minY) minY = y;
    maxY = y;
    if (first < minX) minX = first;
    if (last > maxX) maxX = last;
  }
  return maxX < 0 ? null : { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/**
 * The mask bounds around the mask box: padded by `padding`, then grown to a square with
 * real image around it where the photo is large enough. Where the square would leave the
 * photo it is shifted back inside; only a square larger than the photo is cut to it.
 */
export function maskBounds(box: Rect, padding: number, imageWidth: number, imageHeight: number): CropBounds {
  const left = Math.max(0, box.left - padding);
  const top = Math.max(0, box.top - padding);
  const right = Math.min(imageWidth, box.left + box.width + padding);
  const bottom = Math.min(imageHeight, box.top + box.height + padding);
  const side = Math.max(right - left, bottom - top);
  const [x, width] = squareSpan(left, right, side, imageWidth);
  const [y, height] = squareSpan(top, bottom, side, imageHeight);
  return { x, y, width, height };
}

function squareSpan(start: number, end: number, side: number, limit: number): [number, number] {
  if (side >= limit) return [0, limit];
  const centred = Math.floor((start + end - side) / 2);
  return [clamp(centred, 0, limit - side), side];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
