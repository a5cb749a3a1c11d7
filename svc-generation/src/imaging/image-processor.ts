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
// Level 3 is about twice as fast as zlib's default at 8K for a few percent more bytes.
const PNG_OPTIONS = { compressionLevel: 3, adaptiveFiltering: false } as const;

/**
 * All pixel work of svc-generation (sharp). Composition touches only the bounds region in
 * JavaScript and lets libvips paste that region into the full photo, so an 8K photo is never
 * held as a whole raw buffer when it has no alpha channel.
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

    const [region, garment, alpha] = await Promise.all([
      photo().extract(box).raw().toBuffer({ resolveWithObject: true }),
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

    const channels = region.info.channels;
    blendInto(region.data, channels, garment, alpha);

    let png: Buffer;
    if (meta.hasAlpha) {
      // An overlay with transparent pixels would be blended over the photo, not pasted: paste by hand.
      const full = await photo().raw().toBuffer({ resolveWithObject: true });
      pasteRegion(full.data, full.info.width, region.data, box, channels);
      png = await sharp(full.data, { raw: { width, height, channels } }).png(PNG_OPTIONS).toBuffer();
    } else {
      png = await photo()
        .composite([{ input: region.data, raw: { width: box.width, height: box.height, channels }, left: box.left, top: box.top }])
        .removeAlpha()
        .png(PNG_OPTIONS)
        .toBuffer();
    }
    return { png, width, height, scaleFactor: box.width / placement.width };
  }
}

/** region ← region·(1−a) + garment·a, per pixel; a = 0 leaves the photo's bytes untouched. */
function blendInto(region: Buffer, channels: number, garment: Buffer, alpha: Buffer): void {
  for (let p = 0, n = alpha.length; p < n; p++) {
    // libvips' integer blur kernel tops out at 253–254 inside a solid mask: that is full coverage.
    const a = alpha[p] >= 253 ? 255 : alpha[p];
    if (a === 0) continue;
    const r = p * channels;
    const g = p * 3;
    if (a === 255) {
      region[r] = garment[g];
      region[r + 1] = garment[g + 1];
      region[r + 2] = garment[g + 2];
      if (channels === 4) region[r + 3] = 255;
      continue;
    }
    const b = 255 - a;
    region[r] = (region[r] * b + garment[g] * a + 127) / 255;
    region[r + 1] = (region[r + 1] * b + garment[g + 1] * a + 127) / 255;
    region[r + 2] = (region[r + 2] * b + garment[g + 2] * a + 127) / 255;
    if (channels === 4) region[r + 3] = (region[r + 3] * b + 255 * a + 127) / 255;
  }
}

function pasteRegion(full: Buffer, fullWidth: number, region: Buffer, box: { left: number; top: number; width: number; height: number }, channels: number): void {
  const rowBytes = box.width * channels;
  for (let y = 0; y < box.height; y++) {
    region.copy(full, ((box.top + y) * fullWidth + box.left) * channels, y * rowBytes, (y + 1) * rowBytes);
  }
}
