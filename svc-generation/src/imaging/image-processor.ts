import { Injectable } from '@nestjs/common';
import type { CropBounds } from '@vton/contracts';
import { TARGET_IMAGE_SIZE } from '@vton/contracts';
import sharp from 'sharp';
import { vtonProcessingError } from '../try-on/try-on-errors.js';
import { featherSigma, placementFor, type Placement } from './placement.js';

export interface ComposeInput {
  /** The model photo as stored (full resolution). */
  original: Buffer;
  /** The VTON answer (960×960, the crop padded as in `placement`). */
  result: Buffer;
  bounds: CropBounds;
  /** The processed mask for `bounds` (white = garment). */
  mask: Buffer;
}

export interface ComposedResult {
  png: Buffer;
  width: number;
  height: number;
  /** How much the 960-square content was scaled to fit the bounds again (1 when it was never shrunk). */
  scaleFactor: number;
}

const SQUARE = TARGET_IMAGE_SIZE;
// Measured on a 4K photo-like image (BENCHMARKS.md): level 3 without adaptive filtering encodes in
// ~250 ms for 8.0 MB; levels 4–6 save < 0.5 % for 10–25 % more time; level 1 is ~90 ms faster but
// 63 % bigger (upload to svc-media, S3, the browser's download); adaptive filtering saves 30 % of
// the bytes for twice the time (level 3) or 4.5× (level 6).
const PNG_OPTIONS = { compressionLevel: 3, adaptiveFiltering: false } as const;

/**
 * All pixel work of svc-generation (sharp). Composition decodes the model photo once, blends only
 * the bounds region in JavaScript, pastes it back and encodes the PNG once.
 */
@Injectable()
export class ImageProcessor {
  constructor() {
    // Each result is used once; libvips' operation cache would only hold on to 8K buffers.
    sharp.cache(false);
  }

  /** target_image and mask_image of spec §7: the crop on white and the mask on black, both fitted to 960×960. */
  async prepareVtonInputs(crop: Buffer, mask: Buffer, bounds: CropBounds): Promise<{ target: Buffer; mask: Buffer; placement: Placement }> {
    const placement = placementFor(bounds.width, bounds.height);
    const pad = {
      top: placement.top,
      left: placement.left,
      bottom: SQUARE - placement.top - placement.height,
      right: SQUARE - placement.left - placement.width,
    };
    const [target, maskSquare] = await Promise.all([
      sharp(crop)
        .flatten({ background: '#ffffff' })
        .resize(placement.width, placement.height, { fit: 'fill' })
        .extend({ ...pad, background: '#ffffff' })
        .png(PNG_OPTIONS)
        .toBuffer(),
      sharp(mask)
        .flatten({ background: '#000000' })
        .greyscale()
        .resize(placement.width, placement.height, { fit: 'fill' })
        .extend({ ...pad, background: '#000000' })
        .png(PNG_OPTIONS)
        .toBuffer(),
    ]);
    return { target, mask: maskSquare, placement };
  }

  /** Rejects bytes that are not a decodable image (a VTON answer of garbage). */
  async assertImage(bytes: Buffer): Promise<{ width: number; height: number }> {
    try {
      const { width, height } = await sharp(bytes).metadata();
      if (!width || !height) throw new Error('no dimensions');
      // metadata() reads only the header; a truncated body fails here.
      await sharp(bytes).resize(8, 8).raw().toBuffer();
      return { width, height };
    } catch {
      throw vtonProcessingError('the VTON service answered with data that is not an image');
    }
  }

  /** The raw VTON answer as a PNG: what the user gets when composition fails (§8). */
  toPng(bytes: Buffer): Promise<Buffer> {
    return sharp(bytes).png(PNG_OPTIONS).toBuffer();
  }

  /**
   * Puts the VTON answer back into the full photo: un-pad it to the crop's aspect, scale it to
   * the bounds, and blend it in through the feathered mask. Outside the feathered mask the
   * photo's pixels are copied unchanged; the output has the photo's exact size.
   */
  async compose({ original, result, bounds, mask }: ComposeInput): Promise<ComposedResult> {
    const meta = await sharp(original).metadata();
    const width = meta.width!;
    const height = meta.height!;
    const box = {
      left: Math.round(bounds.x),
      top: Math.round(bounds.y),
      width: Math.round(bounds.width),
      height: Math.round(bounds.height),
    };
    if (box.width < 1 || box.height < 1 || box.left < 0 || box.top < 0 || box.left + box.width > width || box.top + box.height > height) {
      throw new Error(`inpaint bounds ${JSON.stringify(bounds)} lie outside the ${width}×${height} model photo`);
    }
    const placement = placementFor(box.width, box.height);
    const grey = (meta.channels ?? 3) < 3;
    const photo = () => (grey ? sharp(original).toColourspace('srgb') : sharp(original));

    const res = await sharp(result).metadata();
    const sx = res.width! / SQUARE;
    const sy = res.height! / SQUARE;
    const unpadLeft = Math.min(res.width! - 1, Math.round(placement.left * sx));
    const unpadTop = Math.min(res.height! - 1, Math.round(placement.top * sy));
    const unpad = {
      left: unpadLeft,
      top: unpadTop,
      width: Math.max(1, Math.min(res.width! - unpadLeft, Math.round(placement.width * sx))),
      height: Math.max(1, Math.min(res.height! - unpadTop, Math.round(placement.height * sy))),
    };

    // The photo is decoded once, into one raw buffer (3–4 bytes per pixel: 25 MB at 4K, 100 MB
    // at 8K; COMPOSE_CONCURRENCY bounds how many at once). The bounds region is blended in place
    // and the same buffer is encoded: no second decode, and no libvips composite (which blends
    // the whole photo in floating point).
    const [full, garment, alpha] = await Promise.all([
      photo().raw().toBuffer({ resolveWithObject: true }),
      sharp(result).extract(unpad).resize(box.width, box.height, { fit: 'fill' }).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer(),
      sharp(mask)
        .flatten({ background: '#000000' })
        .greyscale()
        .resize(box.width, box.height, { fit: 'fill' })
        .blur(featherSigma(box.width, box.height))
        .extractChannel(0)
        .raw()
        .toBuffer(),
    ]);
    const { channels } = full.info;
    if (full.info.width !== width || full.info.height !== height || (channels !== 3 && channels !== 4)) {
      throw new Error(`the model photo decoded to ${full.info.width}×${full.info.height}×${channels}, expected ${width}×${height} RGB(A)`);
    }
    blendInto(full.data, width, box, channels, garment, alpha);
    // Encoded once, here; svc-media stores these bytes as they are (it only drops ancillary chunks).
    const png = await sharp(full.data, { raw: { width, height, channels } }).png(PNG_OPTIONS).toBuffer();
    return { png, width, height, scaleFactor: box.width / placement.width };
  }
}

type Box = { left: number; top: number; width: number; height: number };

/**
 * Inside `box` of the full photo: pixel ← pixel·(1−a) + garment·a; a = 0 leaves the photo's
 * bytes untouched, and nothing outside the box is written.
 */
function blendInto(full: Buffer, fullWidth: number, box: Box, channels: number, garment: Buffer, alpha: Buffer): void {
  for (let y = 0; y < box.height; y++) {
    const rowStart = ((box.top + y) * fullWidth + box.left) * channels;
    for (let x = 0, p = y * box.width; x < box.width; x++, p++) {
      // libvips' integer blur kernel tops out at 253–254 inside a solid mask: that is full coverage.
      const a = alpha[p] >= 253 ? 255 : alpha[p];
      if (a === 0) continue;
      const r = rowStart + x * channels;
      const g = p * 3;
      if (a === 255) {
        full[r] = garment[g];
        full[r + 1] = garment[g + 1];
        full[r + 2] = garment[g + 2];
        if (channels === 4) full[r + 3] = 255;
        continue;
      }
      const b = 255 - a;
      full[r] = (full[r] * b + garment[g] * a + 127) / 255;
      full[r + 1] = (full[r + 1] * b + garment[g + 1] * a + 127) / 255;
      full[r + 2] = (full[r + 2] * b + garment[g + 2] * a + 127) / 255;
      if (channels === 4) full[r + 3] = (full[r + 3] * b + 255 * a + 127) / 255;
    }
  }
}
