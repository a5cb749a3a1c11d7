import { ApiProperty } from '@nestjs/swagger';
import { MIN_CROP_SIZE, type CropData } from '@vton/contracts';
import { IsNumber, Max, Min } from 'class-validator';

const LIMIT = 1_000_000;
const finite = (name: string) => ({ message: `${name} must be a number` });

/** POST /api/garments/:id/crop: the crop square in the image's natural pixels (spec §3 cropData). */
export class CropDto implements CropData {
  @ApiProperty({ description: 'Left edge; negative or beyond the image where the crop exceeds it (padded white).' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, finite('x'))
  @Min(-LIMIT, { message: 'x is out of range' })
  @Max(LIMIT, { message: 'x is out of range' })
  x: number;

  @ApiProperty()
  @IsNumber({ allowNaN: false, allowInfinity: false }, finite('y'))
  @Min(-LIMIT, { message: 'y is out of range' })
  @Max(LIMIT, { message: 'y is out of range' })
  y: number;

  @ApiProperty({ minimum: MIN_CROP_SIZE })
  @IsNumber({ allowNaN: false, allowInfinity: false }, finite('width'))
  @Min(MIN_CROP_SIZE, { message: `The crop must be at least ${MIN_CROP_SIZE} px wide` })
  @Max(LIMIT, { message: 'width is out of range' })
  width: number;

  @ApiProperty({ minimum: MIN_CROP_SIZE })
  @IsNumber({ allowNaN: false, allowInfinity: false }, finite('height'))
  @Min(MIN_CROP_SIZE, { message: `The crop must be at least ${MIN_CROP_SIZE} px high` })
  @Max(LIMIT, { message: 'height is out of range' })
  height: number;

  @ApiProperty({ description: 'Width of the image the crop was measured on.' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, finite('naturalWidth'))
  @Min(1, { message: 'naturalWidth must be positive' })
  @Max(LIMIT, { message: 'naturalWidth is out of range' })
  naturalWidth: number;

  @ApiProperty({ description: 'Height of the image the crop was measured on.' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, finite('naturalHeight'))
  @Min(1, { message: 'naturalHeight must be positive' })
  @Max(LIMIT, { message: 'naturalHeight is out of range' })
  naturalHeight: number;
}
