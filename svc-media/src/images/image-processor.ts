import { Injectable } from '@nestjs/common';
import { ErrorCode, type CropBounds } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import sharp, { type Sharp } from 'sharp';
import { MediaConfig } from '../config/media.config.js';
import { CONTENT_TYPES, type ObjectExtension } from '../storage/object-keys.js';
import type { GarmentCropPlan } from './geometry.js';
import { sniffImageFormat, type ImageFormat } from './sniff.js';

/** An image as stored: re-encoded (no metadata), upright, with its dimensions. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  ext: ObjectExtension;
  contentType: string;
}

/** Which pixels of a mask were painted: one byte per pixel, non-zero = painted. */
export interface PaintedMap {
  map: Uint8Array;
  width: number;
  height: number;
}

const EXTENSION: Record<ImageFormat, ObjectExtension> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const THUMBNAIL_SIDE = 400;

// Metadata (EXIF, GPS, ICC) is dropped because sharp writes none unless asked to.
const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 92 }),
  png: (image) => image.png({ compressionLevel: 6 }),
  webp: (image) => image.webp({ quality: 92 }),
};

/** The one adapter around sharp: decoding untrusted bytes, re-encoding, crops and masks. */
@Injectable()
export class ImageProcessor {
  private readonly maxPixels: number;

  constructor(config: MediaConfig) {
    this.maxPixels = config.MAX_INPUT_PIXELS;
  }

  /**
   * Checks an uploaded file by its bytes (JPG, PNG, WebP), refuses pixel floods before
   * decoding, and re-encodes it upright in its own format without metadata.
   */
  async normalizeUpload(bytes: Buffer, what = 'The file'): Promise<EncodedImage> {
    const format = await this.checkInput(bytes, what);
    return this.encode(this.open(bytes).rotate(), format, what);
  }

  /** Like normalizeUpload, but the result is always PNG (spec §1: results are PNG). */
  async normalizeToPng(bytes: Buffer, what = 'The image'): Promise<EncodedImage> {
    await this.checkInput(bytes, what);
    return this.encode(this.open(bytes).rotate(), 'png', what);
  }

  /** A small WebP preview for tiles and grids (≤ 400 px). */
  async thumbnail(bytes: Buffer): Promise<EncodedImage> {
    return this.encode(
      this.open(bytes).resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true }),
      'webp',
      'The image',
    );
  }

  /** The garment crop as planned: the image part scaled and placed on a white square, PNG. */
  async garmentCrop(bytes: Buffer, plan: GarmentCropPlan): Promise<EncodedImage> {
    const part = await this.open(bytes)
      .extract(plan.extract)
      .resize(plan.resize.width, plan.resize.height, { fit: 'fill' })
      .removeAlpha()
      .png()
      .toBuffer();
    const square = sharp({ create: { width: plan.target, height: plan.target, channels: 3, background: '#ffffff' } })
      .composite([{ input: part, left: plan.place.left, top: plan.place.top }]);
    return this.encode(square, 'png', 'The garment');
  }

  /**
   * Reads a painted mask (PNG at the photo's size). A pixel is painted when it is visible:
   * by its alpha when the mask uses transparency, otherwise when it is not black.
   */
  async paintedMap(maskBytes: Buffer, width: number, height: number): Promise<PaintedMap> {
    const format = await this.checkInput(maskBytes, 'The mask');
    if (format !== 'png') throw new ApiException(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The mask must be a PNG image');
    const meta = await this.open(maskBytes).metadata();
    if (meta.width !== width || meta.height !== height) {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, `The mask is ${meta.width}×${meta.height} pixels; it must be the photo's size, ${width}×${height}`);
    }
    try {
      if (meta.hasAlpha) {
        const alpha = await this.open(maskBytes).extractChannel('alpha').raw().toBuffer();
        if (alpha.some((value) => value !== 255)) return { map: alpha, width, height };
      }
      const colour = await this.open(maskBytes).greyscale().extractChannel(0).raw().toBuffer();
      return { map: colour, width, height };
    } catch (error) {
      throw this.unreadable('The mask', error);
    }
  }

  /** The photo cut to the inpaint bounds (PNG) and the mask cut likewise: white = garment, black elsewhere. */
  async inpaintCrops(photoBytes: Buffer, painted: PaintedMap, bounds: CropBounds): Promise<{ image: EncodedImage; mask: EncodedImage }> {
    const region = { left: bounds.x, top: bounds.y, width: bounds.width, height: bounds.height };
    const image = await this.encode(this.open(photoBytes).extract(region), 'png', 'The model photo');
    const mask = await this.encode(
      sharp(painted.map, { raw: { width: painted.width, height: painted.height, channels: 1 }, limitInputPixels: this.maxPixels })
        .extract(region)
        .threshold(1),
      'png',
      'The mask',
    );
    return { image, mask };
  }

  private open(bytes: Buffer): Sharp {
    return sharp(bytes, { limitInputPixels: this.maxPixels, failOn: 'error' });
  }

  private async checkInput(bytes: Buffer, what: string): Promise<ImageFormat> {
    if (bytes.length === 0) throw new ApiException(400, ErrorCode.INVALID_INPUT, `${what} is empty`);
    const format = sniffImageFormat(bytes);
    if (!format) {
      throw new ApiException(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, `${what} is not a JPG, PNG or WebP image`);
    }
    let meta;
    try {
      // Reads only the header, so a pixel flood is refused before anything is decoded.
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch (error) {
      throw this.unreadable(what, error);
    }
    if (!meta.width || !meta.height) throw this.unreadable(what);
    if (meta.width * meta.height > this.maxPixels) {
      throw new ApiException(
        413,
        ErrorCode.PAYLOAD_TOO_LARGE,
        `${what} is ${meta.width}×${meta.height} pixels; the limit is ${formatMegapixels(this.maxPixels)} megapixels`,
      );
    }
    return format;
  }

  private async encode(image: Sharp, format: ImageFormat, what: string): Promise<EncodedImage> {
    try {
      const { data, info } = await ENCODERS[format](image).toBuffer({ resolveWithObject: true });
      const ext = EXTENSION[format];
      return { data, width: info.width, height: info.height, ext, contentType: CONTENT_TYPES[ext] };
    } catch (error) {
      throw this.unreadable(what, error);
    }
  }

  private unreadable(what: string, cause?: unknown): ApiException {
    const reason = cause instanceof Error && /pixel limit/i.test(cause.message) ? ' (too many pixels)' : '';
    return new ApiException(400, ErrorCode.INVALID_INPUT, `${what} is not a readable image (corrupt or truncated)${reason}`);
  }
}

function formatMegapixels(pixels: number): string {
  return String(Math.round(pixels / 100_000) / 10);
}
