import { Injectable } from '@nestjs/common';
import { ErrorCode, SUGGESTED_MASK_MAX_SIDE, type CropBounds } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { crc32 } from 'node:zlib';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { MediaConfig } from '../config/media.config.js';
import { CONTENT_TYPES, type ObjectExtension } from '../storage/object-keys.js';
import type { GarmentCropPlan } from './geometry.js';
import { JpegMetadataFilter, JpegStructureError } from './jpeg-segments.js';
import { PngMetadataFilter, PngStructureError, readPngHead, stripPngMetadata, type PngHeader } from './png-chunks.js';
import { sniffImageFormat, type ImageFormat } from './sniff.js';
import { WebpMetadataFilter, WebpStructureError } from './webp-chunks.js';

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

/** modelPhotoFilter's answer for a photo that cannot be stored as it is: it is decoded instead. */
class DecodeInstead extends Error {
  constructor() {
    super('decoded instead of stored as it is');
  }
}

export const EXTENSION: Record<ImageFormat, ObjectExtension> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
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
   * decoding, and re-encodes it upright in its own format without metadata. Transparency is
   * flattened on white (issue 21): many editors store transparent pixels as black, and what the
   * crop tool and the mask editor show on white must be what the crop and the try-on use.
   */
  async normalizeUpload(bytes: Buffer, what = 'The file'): Promise<EncodedImage> {
    const { format, meta } = await this.checkInput(bytes, what);
    return this.encode(this.onWhite(this.open(bytes).rotate(), meta), format, what);
  }

  /**
   * A model photo as stored: the upload's own pixels, so a try-on result equals the photo outside
   * the mask (issue 15). An upright sRGB (or grey) JPEG, or an upright opaque still WebP, keeps its
   * very bytes, minus camera, GPS and other metadata (segment/chunk surgery: no second lossy
   * generation); its colour profile stays, so it shows as the upload does and every decoder here
   * converts it to sRGB the same way. That check runs as the photo streams in: this filter strips the
   * metadata as the bytes pass, and reads the header before any pixel data — a pixel flood or an
   * unreadable header is refused there with the errors of checkInput, and a photo that cannot be
   * stored as it is (EXIF-rotated, CMYK, transparent, animated, malformed) fails the filter with an
   * error `decodesInstead` recognises: it is then decoded (decodedModelPhoto). Store what the filter
   * passes on only once it has ended without an error (ObjectStorage.putStream), a WebP's with
   * `riffHeader()` in front.
   */
  modelPhotoFilter(format: 'jpeg' | 'webp', what = 'The file'): JpegMetadataFilter | WebpMetadataFilter {
    const check = (width: number, height: number) => {
      if (!width || !height) throw this.unreadable(what);
      this.checkPixels(width, height, what);
    };
    if (format === 'jpeg') {
      return new JpegMetadataFilter((header) => {
        check(header.width, header.height);
        // As libvips reads them: 1 component is b-w, 3 are sRGB, 4 CMYK (converted when decoded).
        if (header.orientation !== 1 || (header.components !== 1 && header.components !== 3)) throw new DecodeInstead();
      });
    }
    return new WebpMetadataFilter(
      (header) => {
        check(header.width, header.height);
        // A WebP with transparency is decoded and flattened on white, like a PNG.
        if (header.hasAlpha) throw new DecodeInstead();
      },
      // A WebP's EXIF follows its image data: a rotation is known only at the end.
      (orientation) => {
        if (orientation !== 1) throw new DecodeInstead();
      },
    );
  }

  /** Whether modelPhotoFilter failed because the photo must be decoded (decodedModelPhoto), not because it was refused. */
  decodesInstead(error: unknown): boolean {
    return error instanceof DecodeInstead || error instanceof JpegStructureError || error instanceof WebpStructureError;
  }

  /**
   * The first check of an upload, from its first bytes (at least 12, fewer only when the file is
   * shorter): empty, or not a JPG, PNG or WebP; and a PNG's pixel count from its IHDR (the first 33
   * bytes), before its pixel data arrives.
   */
  sniffUpload(first: Buffer, what = 'The file'): ImageFormat {
    if (first.length === 0) throw new ApiException(400, ErrorCode.INVALID_INPUT, `${what} is empty`);
    const format = sniffImageFormat(first);
    if (!format) throw new ApiException(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, `${what} is not a JPG, PNG or WebP image`);
    // An IHDR whose CRC holds says the size; anything else is left to checkInput.
    if (format === 'png' && first.length >= 33 && first.toString('latin1', 12, 16) === 'IHDR' && crc32(first.subarray(12, 29)) === first.readUInt32BE(29)) {
      const width = first.readUInt32BE(16);
      const height = first.readUInt32BE(20);
      if (width && height) this.checkPixels(width, height, what);
    }
    return format;
  }

  /**
   * The thumbnail of a model photo stored as it is (modelPhotoFilter passed it): its pixels are the
   * upload's, so it is made from the upload. It is that photo's only decode, so pixel data that does
   * not decode is refused here (as "The image", the words the thumbnail step always used).
   */
  async modelPhotoThumbnail(upload: Buffer): Promise<EncodedImage> {
    return this.encode(this.thumbnailOf(this.open(upload)), 'webp', 'The image');
  }

  /**
   * A model photo that is decoded (a PNG, or what modelPhotoFilter did not store as it is): checked
   * from its header as any upload, decoded once as a browser shows it (upright, in sRGB, transparency
   * on white), and stored losslessly as PNG; its thumbnail is made from the same decoded pixels. A
   * 16-bit PNG keeps its depth, so it is encoded from the pipeline and its thumbnail from that PNG.
   */
  async decodedModelPhoto(bytes: Buffer, what = 'The file'): Promise<{ image: EncodedImage; thumbnail: EncodedImage }> {
    const { meta } = await this.checkInput(bytes, what);
    const pixels = this.onWhite(this.open(bytes).rotate(), meta);
    if (meta.depth !== 'uchar') {
      const image = await this.encode(pixels, 'png', what);
      return { image, thumbnail: await this.encode(this.thumbnailOf(this.open(image.data)), 'webp', what) };
    }
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      decoded = await pixels.raw().toBuffer({ resolveWithObject: true });
    } catch (error) {
      throw this.unreadable(what, error);
    }
    const { width, height, channels } = decoded.info;
    const fromPixels = () => sharp(decoded.data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } });
    const [image, thumbnail] = await Promise.all([this.encode(fromPixels(), 'png', what), this.encode(this.thumbnailOf(fromPixels()), 'webp', what)]);
    return { image, thumbnail };
  }

  /**
   * A generated result as stored: a PNG without metadata, and its WebP thumbnail.
   *
   * A PNG (what svc-generation sends) is not re-encoded: its ancillary chunks are dropped
   * (png-chunks.ts), after every chunk's CRC and the chunk order were checked; the pixel data is
   * kept byte for byte. The thumbnail is made from those very bytes in one decode-and-resize
   * pipeline, which also proves the pixel data decodes to the end (a corrupt or truncated
   * stream fails it, and nothing is stored). A PNG whose eXIf asks for a rotation, and JPEG or
   * WebP, are re-encoded upright as PNG as before; their thumbnail is made from the input in
   * one pipeline (JPEG and WebP shrink on load).
   */
  async resultWithThumbnail(bytes: Buffer, what = 'The image', givenThumbnail?: Buffer): Promise<{ image: EncodedImage; thumbnail: EncodedImage }> {
    const { format, meta } = await this.checkInput(bytes, what);
    if (format === 'png' && (meta.orientation ?? 1) === 1) {
      let stripped: Buffer;
      try {
        stripped = stripPngMetadata(bytes);
      } catch (error) {
        if (error instanceof PngStructureError) {
          throw new ApiException(400, ErrorCode.INVALID_INPUT, `${what} is not a readable image (corrupt or truncated: ${error.message})`);
        }
        throw error;
      }
      // svc-generation makes the thumbnail from the pixels it just composed (no decode of its PNG here).
      const thumbnail = givenThumbnail
        ? await this.checkedThumbnail(givenThumbnail, meta.width!, meta.height!)
        : await this.encode(this.thumbnailOf(this.open(stripped)), 'webp', what);
      return { image: { data: stripped, width: meta.width!, height: meta.height!, ext: 'png', contentType: CONTENT_TYPES.png }, thumbnail };
    }
    const [image, thumbnail] = await Promise.all([
      this.encode(this.open(bytes).rotate(), 'png', what),
      this.encode(this.thumbnailOf(this.open(bytes).rotate()), 'webp', what),
    ]);
    return { image, thumbnail };
  }

  /**
   * resultWithThumbnail's PNG check as a stream, for svc-generation's results (svc-media never holds
   * the PNG whole): the same chunk checks and the same chunks dropped (png-chunks.ts), a pixel flood
   * refused from IHDR before any pixel data, and the same errors. Store what it passes on only once
   * it has ended without an error (ObjectStorage.putStream).
   */
  resultPngFilter(what = 'The image'): PngMetadataFilter {
    return new PngMetadataFilter(({ width, height }) => {
      if (!width || !height) throw this.unreadable(what);
      this.checkPixels(width, height, what);
    });
  }

  /** The error a PNG that failed resultPngFilter is refused with (as resultWithThumbnail refuses it). */
  refusedResultPng(error: unknown, received: number, what = 'The image'): unknown {
    if (error instanceof PngStructureError && received === 0) return new ApiException(400, ErrorCode.INVALID_INPUT, `${what} is empty`);
    if (error instanceof PngStructureError && error.message === 'not a PNG signature') {
      return new ApiException(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, `${what} must be a PNG image`);
    }
    if (error instanceof PngStructureError) return new ApiException(400, ErrorCode.INVALID_INPUT, `${what} is not a readable image (corrupt or truncated: ${error.message})`);
    return error;
  }

  /**
   * The head and tail of a result PNG svc-generation's worker wrote into object storage itself
   * (png-chunks.ts readPngHead: no metadata before the pixel data, IEND at the end), its pixel count
   * checked like an upload's: its size, or the same errors resultPngFilter's refusals give.
   */
  storedResultPng(head: Buffer, tail: Buffer, what = 'The image'): PngHeader {
    try {
      return readPngHead(head, tail, ({ width, height }) => {
        if (!width || !height) throw this.unreadable(what);
        this.checkPixels(width, height, what);
      });
    } catch (error) {
      throw this.refusedResultPng(error, head.length, what);
    }
  }

  /** The thumbnail svc-generation made for its result (checked, stored as it is), else one made from the stored PNG. */
  async resultThumbnail(given: Buffer | undefined, width: number, height: number, storedPng: () => Promise<Buffer>): Promise<EncodedImage> {
    return given ? this.checkedThumbnail(given, width, height) : this.encode(this.thumbnailOf(this.open(await storedPng())), 'webp', 'The image');
  }

  /**
   * The garment crop as planned: the image part scaled and placed on a white square, PNG.
   * Transparent pixels become white, never their stored colour (often black): a garment stored
   * before uploads were flattened is cropped as the crop tool showed it too.
   */
  async garmentCrop(bytes: Buffer, plan: GarmentCropPlan): Promise<EncodedImage> {
    const part = await this.open(bytes)
      .flatten({ background: '#ffffff' })
      .extract(plan.extract)
      .resize(plan.resize.width, plan.resize.height, { fit: 'fill' })
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
    const { format } = await this.checkInput(maskBytes, 'The mask');
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

  /**
   * A suggested mask as the studio sends it (issue 32): a PNG with the photo's aspect ratio at up to
   * SUGGESTED_MASK_MAX_SIDE a side (the studio draws it scaled to the photo), re-encoded without metadata.
   */
  async suggestedMask(bytes: Buffer, photoWidth: number, photoHeight: number): Promise<EncodedImage> {
    const { format, meta } = await this.checkInput(bytes, 'The suggested mask');
    if (format !== 'png') throw new ApiException(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The suggested mask must be a PNG image');
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (Math.max(width, height) > SUGGESTED_MASK_MAX_SIDE) {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, `The suggested mask is ${width}×${height} pixels; it may be at most ${SUGGESTED_MASK_MAX_SIDE} a side`);
    }
    // the photo's shape, give or take the rounding of a scaled copy
    if (Math.abs(width * photoHeight - height * photoWidth) > Math.max(width, height) * Math.max(photoWidth, photoHeight) * 0.01 + Math.max(photoWidth, photoHeight)) {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, `The suggested mask is ${width}×${height} pixels; it must have the photo's shape (${photoWidth}×${photoHeight})`);
    }
    return this.encode(this.open(bytes), 'png', 'The suggested mask');
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

  /** Transparency flattened on white; an opaque image is left as it is. */
  private onWhite(image: Sharp, meta: Metadata): Sharp {
    return meta.hasAlpha ? image.flatten({ background: '#ffffff' }) : image;
  }

  private open(bytes: Buffer): Sharp {
    return sharp(bytes, { limitInputPixels: this.maxPixels, failOn: 'error' });
  }

  /**
   * A thumbnail svc-generation sent with its result (the internal route only): a WebP of at most
   * THUMBNAIL_SIDE a side with the result's aspect ratio, stored as it is (its header read, never decoded).
   */
  private async checkedThumbnail(bytes: Buffer, width: number, height: number): Promise<EncodedImage> {
    const refuse = (why: string) => new ApiException(400, ErrorCode.INVALID_INPUT, `The thumbnail ${why}`);
    if (sniffImageFormat(bytes) !== 'webp') throw refuse('must be a WebP image');
    let meta: Metadata;
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      throw refuse('is not a readable WebP image');
    }
    const w = meta.width ?? 0;
    const h = meta.height ?? 0;
    const expected = Math.min(1, THUMBNAIL_SIDE / Math.max(width, height));
    if (w < 1 || h < 1 || w > THUMBNAIL_SIDE || h > THUMBNAIL_SIDE || Math.abs(w - width * expected) > 1 || Math.abs(h - height * expected) > 1) {
      throw refuse(`must be the ${width}×${height} result fitted inside ${THUMBNAIL_SIDE}×${THUMBNAIL_SIDE} (got ${w}×${h})`);
    }
    return { data: bytes, width: w, height: h, ext: 'webp', contentType: CONTENT_TYPES.webp };
  }

  private thumbnailOf(image: Sharp): Sharp {
    return image.resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true });
  }

  private async checkInput(bytes: Buffer, what: string): Promise<{ format: ImageFormat; meta: Metadata }> {
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

  private checkPixels(width: number, height: number, what: string): void {
    if (width * height > this.maxPixels) {
      throw new ApiException(413, ErrorCode.PAYLOAD_TOO_LARGE, `${what} is ${width}×${height} pixels; the limit is ${formatMegapixels(this.maxPixels)} megapixels`);
    }
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
