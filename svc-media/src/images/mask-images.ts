import { Injectable } from '@nestjs/common';
import { ErrorCode, SUGGESTED_MASK_MAX_SIDE, type CropBounds } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import sharp from 'sharp';
import { ImageCodec, type EncodedImage } from './image-codec.js';

/** Which pixels the mask covers (where the seller painted): one byte per pixel, non-zero = covered. */
export interface MaskPixels {
  map: Uint8Array;
  width: number;
  height: number;
}

/** A model photo's masks: the one the seller painted (and its mask region) and the one the studio suggested. */
@Injectable()
export class MaskImages {
  constructor(private readonly codec: ImageCodec) {}

  /**
   * Reads a painted mask (PNG at the photo's size). A pixel is painted when it is visible:
   * by its alpha when the mask uses transparency, otherwise when it is not black.
   */
  async maskPixels(maskBytes: Buffer, width: number, height: number): Promise<MaskPixels> {
    const { format } = await this.codec.checkInput(maskBytes, 'The mask');
    if (format !== 'png') throw new ApiException(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The mask must be a PNG image');
    const meta = await this.codec.open(maskBytes).metadata();
    if (meta.width !== width || meta.height !== height) {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, `The mask is ${meta.width}×${meta.height} pixels; it must be the photo's size, ${width}×${height}`);
    }
    try {
      if (meta.hasAlpha) {
        const alpha = await this.codec.open(maskBytes).extractChannel('alpha').raw().toBuffer();
        if (alpha.some((value) => value !== 255)) return { map: alpha, width, height };
      }
      const colour = await this.codec.open(maskBytes).greyscale().extractChannel(0).raw().toBuffer();
      return { map: colour, width, height };
    } catch (error) {
      throw this.codec.unreadable('The mask', error);
    }
  }

  /**
   * A suggested mask as the studio sends it (issue 32): a PNG with the photo's aspect ratio at up to
   * SUGGESTED_MASK_MAX_SIDE a side (the studio draws it scaled to the photo), re-encoded without metadata.
   */
  async suggestedMask(bytes: Buffer, photoWidth: number, photoHeight: number): Promise<EncodedImage> {
    const { format, meta } = await this.codec.checkInput(bytes, 'The suggested mask');
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
    return this.codec.encode(this.codec.open(bytes), 'png', 'The suggested mask');
  }

  /** The mask region: the photo cut to the mask bounds (PNG), and the mask cut likewise: white = garment, black elsewhere. */
  async maskRegion(photoBytes: Buffer, pixels: MaskPixels, bounds: CropBounds): Promise<{ photo: EncodedImage; mask: EncodedImage }> {
    const region = { left: bounds.x, top: bounds.y, width: bounds.width, height: bounds.height };
    const photo = await this.codec.encode(this.codec.open(photoBytes).extract(region), 'png', 'The model photo');
    const mask = await this.codec.encode(
      sharp(pixels.map, { raw: { width: pixels.width, height: pixels.height, channels: 1 }, limitInputPixels: this.codec.maxPixels })
        .extract(region)
        .threshold(1),
      'png',
      'The mask',
    );
    return { photo, mask };
  }
}
