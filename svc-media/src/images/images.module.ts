import { Module } from '@nestjs/common';
import { ImageProcessor } from './image-processor.js';

/** The image adapter (sharp): decoding, normalising, crops, masks and thumbnails. */
@Module({ providers: [ImageProcessor], exports: [ImageProcessor] })
export class ImagesModule {}
