import { Module } from '@nestjs/common';
import { GarmentImages } from './garment-images.js';
import { ImageCodec } from './image-codec.js';
import { MaskImages } from './mask-images.js';
import { ModelPhotoImages } from './model-photo-images.js';
import { ResultImages } from './result-images.js';

/** sharp behind one codec, and one class per kind of image the service stores. */
@Module({ providers: [ImageCodec, GarmentImages, ModelPhotoImages, MaskImages, ResultImages], exports: [GarmentImages, ModelPhotoImages, MaskImages, ResultImages] })
export class ImagesModule {}
