import { MIN_CROP_SIZE, TARGET_IMAGE_SIZE, type CropData } from '@vton/contracts';

/** The crop square in the garment photo's natural pixels; it may reach past the photo (padded white). */
export interface CropSquare {
  x: number;
  y: number;
  size: number;
}

export type Corner = 'nw' | 'ne' | 'sw' | 'se';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Where the square may go: a square of side max(width, height, 960) centred on the photo, so a
 * tall garment can be framed with white at its sides, and the default 960 px square always fits.
 */
export function cropArea(image: ImageSize): { x: number; y: number; size: number } {
  const size = Math.max(image.width, image.height, TARGET_IMAGE_SIZE);
  return { x: (image.width - size) / 2, y: (image.height - size) / 2, size };
}

/** Spec §9: the default square is 960 natural px, centred on the photo. */
export function defaultCrop(image: ImageSize): CropSquare {
  return { x: (image.width - TARGET_IMAGE_SIZE) / 2, y: (image.height - TARGET_IMAGE_SIZE) / 2, size: TARGET_IMAGE_SIZE };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Moves the square by (dx, dy) natural px, kept inside the crop area. */
export function moveCrop(crop: CropSquare, dx: number, dy: number, image: ImageSize): CropSquare {
  const area = cropArea(image);
  return {
    size: crop.size,
    x: clamp(crop.x + dx, area.x, area.x + area.size - crop.size),
    y: clamp(crop.y + dy, area.y, area.y + area.size - crop.size),
  };
}

/**
 * Resizes by dragging `corner` by (dx, dy) natural px; the opposite corner stays fixed and the
 * shape stays square (the larger of the two moves wins). At least 20 px, never past the area.
 */
export function resizeCrop(crop: CropSquare, corner: Corner, dx: number, dy: number, image: ImageSize): CropSquare {
  const area = cropArea(image);
  const west = corner === 'nw' || corner === 'sw';
  const north = corner === 'nw' || corner === 'ne';
  const anchorX = west ? crop.x + crop.size : crop.x;
  const anchorY = north ? crop.y + crop.size : crop.y;
  const growX = west ? -dx : dx;
  const growY = north ? -dy : dy;
  const wanted = crop.size + (Math.abs(growX) > Math.abs(growY) ? growX : growY);
  const roomX = west ? anchorX - area.x : area.x + area.size - anchorX;
  const roomY = north ? anchorY - area.y : area.y + area.size - anchorY;
  const size = clamp(wanted, MIN_CROP_SIZE, Math.max(MIN_CROP_SIZE, Math.min(roomX, roomY)));
  return { size, x: west ? anchorX - size : anchorX, y: north ? anchorY - size : anchorY };
}

/** The request body of POST /api/garments/:id/crop, in whole natural pixels. */
export function toCropData(crop: CropSquare, image: ImageSize): CropData {
  const size = Math.round(crop.size);
  return { x: Math.round(crop.x), y: Math.round(crop.y), width: size, height: size, naturalWidth: image.width, naturalHeight: image.height };
}

/** The label on the square: its size in natural px (the output is scaled to at most 960). */
export function cropLabel(crop: CropSquare): string {
  return `${Math.round(crop.size)}px`;
}

/** Touch and mouse: a press becomes a drag only once it moved this far (spec §9). */
export function passedDragThreshold(dx: number, dy: number, threshold: number): boolean {
  return Math.hypot(dx, dy) >= threshold;
}
