import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import sharp, { type Metadata } from 'sharp';
import { CONTENT_TYPES } from '../storage/object-keys.js';
import { ImageCodec, THUMBNAIL_SIDE, type EncodedImage } from './image-codec.js';
import { PngMetadataFilter, PngStructureError, readPngHead, stripPngMetadata, type PngHeader } from './png-chunks.js';
import { sniffImageFormat } from './sniff.js';

/** A generated result as svc-generation (or the studio) sends it: its PNG and its thumbnail. */
@Injectable()
export class ResultImages {
  constructor(private readonly codec: ImageCodec) {}

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
  async resultWithThumbnail(bytes: Buffer, what = 'The image'): Promise<{ image: EncodedImage; thumbnail: EncodedImage }> {
    const { format, meta } = await this.codec.checkInput(bytes, what);
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
      const thumbnail = await this.codec.encode(this.codec.thumbnailOf(this.codec.open(stripped)), 'webp', what);
      return { image: { data: stripped, width: meta.width!, height: meta.height!, ext: 'png', contentType: CONTENT_TYPES.png }, thumbnail };
    }
    const [image, thumbnail] = await Promise.all([
      this.codec.encode(this.codec.open(bytes).rotate(), 'png', what),
      this.codec.encode(this.codec.thumbnailOf(this.codec.open(bytes).rotate()), 'webp', what),
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
      if (!width || !height) throw this.codec.unreadable(what);
      this.codec.checkPixels(width, height, what);
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
        if (!width || !height) throw this.codec.unreadable(what);
        this.codec.checkPixels(width, height, what);
      });
    } catch (error) {
      throw this.refusedResultPng(error, head.length, what);
    }
  }

  /** The thumbnail svc-generation made for its result (checked, stored as it is), else one made from the stored PNG. */
  async resultThumbnail(given: Buffer | undefined, width: number, height: number, storedPng: () => Promise<Buffer>): Promise<EncodedImage> {
    return given ? this.checkedThumbnail(given, width, height) : this.codec.encode(this.codec.thumbnailOf(this.codec.open(await storedPng())), 'webp', 'The image');
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
}
