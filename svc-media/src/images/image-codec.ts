import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MediaConfig } from '../config/media.config.js';
import { CONTENT_TYPES, type ObjectExtension } from '../storage/object-keys.js';
import { sniffImageFormat, type ImageFormat } from './sniff.js';

/** An image as stored: re-encoded (no metadata), upright, with its dimensions. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  ext: ObjectExtension;
  contentType: string;
}

export const EXTENSION: Record<ImageFormat, ObjectExtension> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
export const THUMBNAIL_SIDE = 400;

// Metadata (EXIF, GPS, ICC) is dropped because sharp writes none unless asked to.
const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 92 }),
  png: (image) => image.png({ compressionLevel: 6 }),
  webp: (image) => image.webp({ quality: 92 }),
};

/**
 * The one adapter around sharp: opening untrusted bytes within the pixel limit, checking them,
 * re-encoding without metadata, thumbnails. What each kind of image needs is its own class
 * (GarmentImages, ModelPhotoImages, MaskImages, ResultImages), built on this one.
 */
@Injectable()
export class ImageCodec {
  readonly maxPixels: number;

  constructor(config: MediaConfig) {
    this.maxPixels = config.MAX_INPUT_PIXELS;
  }

  /** Transparency flattened on white; an opaque image is left as it is. */
  onWhite(image: Sharp, meta: Metadata): Sharp {
    return meta.hasAlpha ? image.flatten({ background: '#ffffff' }) : image;
  }

  open(bytes: Buffer): Sharp {
    return sharp(bytes, { limitInputPixels: this.maxPixels, failOn: 'error' });
  }

  thumbnailOf(image: Sharp): Sharp {
    return image.resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true });
  }

  async checkInput(bytes: Buffer, what: string): Promise<{ format: ImageFormat; meta: Metadata }> {
    if (bytes.length === 0) throw new ApiException(400, ErrorCode.INVALID_INPUT, `${what} is empty`);
    const format = sniffImageFormat(bytes);
    if (!format) {
      throw new ApiException(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, `${what} is not a JPG, PNG or WebP image`);
    }
    let meta: Metadata;
    try {
      // Reads only the header, so a pixel flood is refused before anything is decoded.
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch (error) {
      throw this.unreadable(what, error);
    }
    if (!meta.width || !meta.height) throw this.unreadable(what);
    this.checkPixels(meta.width, meta.height, what);
    return { format, meta };
  }

  checkPixels(width: number, height: number, what: string): void {
    if (width * height > this.maxPixels) {
      throw new ApiException(413, ErrorCode.PAYLOAD_TOO_LARGE, `${what} is ${width}×${height} pixels; the limit is ${formatMegapixels(this.maxPixels)} megapixels`);
    }
  }

  async encode(image: Sharp, format: ImageFormat, what: string): Promise<EncodedImage> {
    try {
      const { data, info } = await ENCODERS[format](image).toBuffer({ resolveWithObject: true });
      const ext = EXTENSION[format];
      return { data, width: info.width, height: info.height, ext, contentType: CONTENT_TYPES[ext] };
    } catch (error) {
      throw this.unreadable(what, error);
    }
  }

  unreadable(what: string, cause?: unknown): ApiException {
    const reason = cause instanceof Error && /pixel limit/i.test(cause.message) ? ' (too many pixels)' : '';
    return new ApiException(400, ErrorCode.INVALID_INPUT, `${what} is not a readable image (corrupt or truncated)${reason}`);
  }
}

function formatMegapixels(pixels: number): string {
  return String(Math.round(pixels / 100_000) / 10);
}
