import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { crc32 } from 'node:zlib';
import sharp, { type OutputInfo } from 'sharp';
import { ImageCodec, type EncodedImage } from './image-codec.js';
import { JpegMetadataFilter, JpegStructureError } from './jpeg-segments.js';
import { sniffImageFormat, type ImageFormat } from './sniff.js';
import { WebpMetadataFilter, WebpStructureError } from './webp-chunks.js';

/** modelPhotoFilter's answer for a photo that cannot be stored as it is: it is decoded instead. */
class DecodeInstead extends Error {
  constructor() {
    super('decoded instead of stored as it is');
  }
}

/** A model photo as uploaded: stored as it is where it can be (metadata stripped), decoded where not, and its thumbnail. */
@Injectable()
export class ModelPhotoImages {
  constructor(private readonly codec: ImageCodec) {}

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
      if (width && height) this.codec.checkPixels(width, height, what);
    }
    return format;
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
      if (!width || !height) throw this.codec.unreadable(what);
      this.codec.checkPixels(width, height, what);
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
   * The thumbnail of a model photo stored as it is (modelPhotoFilter passed it): its pixels are the
   * upload's, so it is made from the upload. It is that photo's only decode, so pixel data that does
   * not decode is refused here (as "The image", the words the thumbnail step always used).
   */
  async modelPhotoThumbnail(upload: Buffer): Promise<EncodedImage> {
    return this.codec.encode(this.codec.thumbnailOf(this.codec.open(upload)), 'webp', 'The image');
  }

  /**
   * A model photo that is decoded (a PNG, or what modelPhotoFilter did not store as it is): checked
   * from its header as any upload, decoded once as a browser shows it (upright, in sRGB, transparency
   * on white), and stored losslessly as PNG; its thumbnail is made from the same decoded pixels. A
   * 16-bit PNG keeps its depth, so it is encoded from the pipeline and its thumbnail from that PNG.
   */
  async decodedModelPhoto(bytes: Buffer, what = 'The file'): Promise<{ image: EncodedImage; thumbnail: EncodedImage }> {
    const { meta } = await this.codec.checkInput(bytes, what);
    const pixels = this.codec.onWhite(this.codec.open(bytes).rotate(), meta);
    if (meta.depth !== 'uchar') {
      const image = await this.codec.encode(pixels, 'png', what);
      return { image, thumbnail: await this.codec.encode(this.codec.thumbnailOf(this.codec.open(image.data)), 'webp', what) };
    }
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      decoded = await pixels.raw().toBuffer({ resolveWithObject: true });
    } catch (error) {
      throw this.codec.unreadable(what, error);
    }
    const { width, height, channels } = decoded.info;
    const fromPixels = () => sharp(decoded.data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } });
    const [image, thumbnail] = await Promise.all([this.codec.encode(fromPixels(), 'png', what), this.codec.encode(this.codec.thumbnailOf(fromPixels()), 'webp', what)]);
    return { image, thumbnail };
  }
}
