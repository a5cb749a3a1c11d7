import { MASK_THUMBNAIL_ALPHA, MASK_THUMBNAIL_SIZE } from '../../../lib/mask';

/** The tile's preview of a suggestion, like an approved mask's: the photo with the mask in lime at 40 %. */
export function suggestionPreview(photo: CanvasImageSource & { width: number; height: number }, mask: CanvasImageSource): string {
  const k = MASK_THUMBNAIL_SIZE / Math.max(photo.width, photo.height);
  const thumbnail = document.createElement('canvas');
  thumbnail.width = Math.max(1, Math.round(photo.width * k));
  thumbnail.height = Math.max(1, Math.round(photo.height * k));
  const ctx = thumbnail.getContext('2d')!;
  ctx.drawImage(photo, 0, 0, thumbnail.width, thumbnail.height);
  ctx.globalAlpha = MASK_THUMBNAIL_ALPHA;
  ctx.drawImage(mask, 0, 0, thumbnail.width, thumbnail.height);
  return thumbnail.toDataURL('image/jpeg', 0.85);
}
