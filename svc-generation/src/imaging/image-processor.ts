import { Injectable } from '@nestjs/common';
import type { CropBounds } from '@vton/contracts';
import { TARGET_IMAGE_SIZE } from '@vton/contracts';
import sharp from 'sharp';
import { vtonProcessingError } from '../try-on/try-on-errors.js';
import { SEED_FRAMING } from '../providers/seed/seed.provider.js';
import { composeIntoPhoto, planFrame, RESULT_PNG, type ComposedImage } from './mask-composer.js';
import { placementFor, type Placement } from './placement.js';

export interface ComposeInput {
  /** The model photo as stored (full resolution). */
  original: Buffer;
  /** The VTON answer (960×960, the crop padded as in `placement`). */
  result: Buffer;
  bounds: CropBounds;
  /** The processed mask for `bounds` (white = garment). */
  mask: Buffer;
}

export type ComposedResult = ComposedImage;

const SQUARE = TARGET_IMAGE_SIZE;
const PNG_OPTIONS = RESULT_PNG;

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
    const placement = planFrame({ width: meta.width!, height: meta.height! }, bounds, SEED_FRAMING);
    return composeIntoPhoto(original, result, mask, bounds, placement);
  }
}
