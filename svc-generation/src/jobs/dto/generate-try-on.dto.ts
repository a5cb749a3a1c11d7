import { ApiProperty } from '@nestjs/swagger';
import { GARMENT_CATEGORIES, type GarmentCategory } from '@vton/contracts';
import { IsRecordId } from '@vton/service-kit';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** POST /api/try-on/generate and POST /api/try-on/jobs: one garment on the first N ready model photos (spec §7). */
export class GenerateTryOnDto {
  @ApiProperty({ example: 12 })
  // Checked here, where the ids enter: nothing beyond the id columns' range is forwarded to svc-media.
  @IsRecordId('garmentId')
  garmentId!: number;

  @ApiProperty({ type: [Number], example: [3, 4] })
  @IsArray({ message: 'modelIds must be a list of model ids' })
  @ArrayNotEmpty({ message: 'modelIds must name at least one model' })
  @ArrayMaxSize(16, { message: 'modelIds must name at most 16 models' })
  @IsRecordId('modelIds', { each: true })
  modelIds!: number[];

  @ApiProperty({ example: 'a white linen shirt, tucked in', required: false, default: '' })
  @IsOptional()
  @IsString({ message: 'prompt must be text' })
  @MaxLength(2000, { message: 'prompt must be at most 2000 characters' })
  prompt: string = '';

  // No OpenAPI default: typed clients would then make the field required (openapi-typescript's defaultNonNullable).
  @ApiProperty({
    enum: GARMENT_CATEGORIES,
    required: false,
    description:
      'The garment category (default: the garment\'s own, `category` in the product library); passed to try-on providers that take one (FASHN, fal Leffa/CatVTON). `product` is any object that is not worn (a handbag, a watch, a bottle): the job goes to the placement engine, which places the product into the masked region. Each model photo is tried on with its mask for this category (its mask approved last when it has none for it).',
  })
  @IsOptional()
  @IsIn(GARMENT_CATEGORIES, { message: `garmentCategory must be one of ${GARMENT_CATEGORIES.join(', ')}` })
  garmentCategory?: GarmentCategory;
}
