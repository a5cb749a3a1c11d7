import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import type { GarmentCropPlan } from './geometry.js';
import { ImageCodec, type EncodedImage } from './image-codec.js';

/** A garment's photo as uploaded and its crop. */
@Injectable()
export class GarmentImages {
  constructor(private readonly codec: ImageCodec) {}

  /**
   * Checks an uploaded file by its bytes (JPG, PNG, WebP), refuses pixel floods before
   * decoding, and re-encodes it upright in its own format without metadata. Transparency is
   * flattened on white (issue 21): many editors store transparent pixels as black, and what the
   * crop tool and the mask editor show on white must be what the crop and the try-on use.
   */
  async normalizeUpload(bytes: Buffer, what = 'The file'): Promise<EncodedImage> {
    const { format, meta } = await this.codec.checkInput(bytes, what);
    return this.codec.encode(this.codec.onWhite(this.codec.open(bytes).rotate(), meta), format, what);
  }

  /**
   * The garment crop as planned: the image part scaled and placed on a white square, PNG.
   * Transparent pixels become white, never their stored colour (often black): a garment stored
   * before uploads were flattened is cropped as the crop tool showed it too.
   */
  async garmentCrop(bytes: Buffer, plan: GarmentCropPlan): Promise<EncodedImage> {
    const part = await this.codec.open(bytes)
      .flatten({ background: '#ffffff' })
      .extract(plan.extract)
      .resize(plan.resize.width, plan.resize.height, { fit: 'fill' })
      .png()
      .toBuffer();
    const square = sharp({ create: { width: plan.target, height: plan.target, channels: 3, background: '#ffffff' } })
      .composite([{ input: part, left: plan.place.left, top: plan.place.top }]);
    return this.codec.encode(square, 'png', 'The garment');
  }
}
