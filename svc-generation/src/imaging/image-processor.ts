import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { vtonProcessingError } from '../errors/try-on-errors.js';
import { RESULT_PNG } from './mask-composer.js';

/**
 * The worker's sharp adapter for what is not composition (imaging/mask-composer.ts frames the
 * photo for the provider and blends the answer back): checking an answer is an image, and the
 * raw answer as a PNG when composition fails.
 */
@Injectable()
export class ImageProcessor {
  constructor() {
    // Each result is used once; libvips' operation cache would only hold on to 8K buffers.
    sharp.cache(false);
  }

  /** The raw provider answer as a PNG: what the user gets when composition fails (§8). */
  toPng(bytes: Buffer): Promise<Buffer> {
    return sharp(bytes).png(RESULT_PNG).toBuffer();
  }

  /** A result's gallery thumbnail made from its PNG, when composition (which makes it from its pixels) did not. */
  thumbnailOf(png: Buffer): Promise<Buffer> {
    return sharp(png).resize(RESULT_THUMBNAIL_SIDE, RESULT_THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true }).webp().toBuffer();
  }
}

/** svc-media's gallery thumbnails fit inside this square (its THUMBNAIL_SIDE); the worker makes the result's. */
export const RESULT_THUMBNAIL_SIDE = 400;

/** Rejects bytes that are not a decodable image (a provider answer of garbage), naming who sent them. */
export async function assertImage(bytes: Buffer, who = 'the VTON service'): Promise<{ width: number; height: number }> {
  try {
    const { width, height } = await sharp(bytes).metadata();
    if (!width || !height) throw new Error('no dimensions');
    // metadata() reads only the header; a truncated body fails here.
    await sharp(bytes).resize(8, 8).raw().toBuffer();
    return { width, height };
  } catch {
    throw vtonProcessingError(`${who} answered with data that is not an image`);
  }
}
