import { PNG_KEPT_CHUNKS } from '@vton/contracts';

const KEPT = new Set(PNG_KEPT_CHUNKS);

/**
 * A result PNG as it may be stored: the chunks before its pixel data that are metadata (libvips
 * writes pHYs into every PNG it encodes) left out. Answers the slices to write one after another,
 * so the megabytes of pixel data are not copied; svc-media refuses a stored result that still
 * carries metadata before its IDAT (it reads the head, not the whole file). Chunks after the pixel
 * data are not looked for: sharp writes none there.
 */
export function pngWithoutMetadata(png: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let kept = 0;
  for (let offset = 8; offset + 8 <= png.length; ) {
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') break;
    const end = offset + 12 + png.readUInt32BE(offset);
    if (!KEPT.has(type)) {
      if (offset > kept) parts.push(png.subarray(kept, offset));
      kept = end;
    }
    offset = end;
  }
  parts.push(png.subarray(kept));
  return parts.filter((part) => part.length > 0);
}
