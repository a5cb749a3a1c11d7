import { ApiProperty } from '@nestjs/swagger';
import { GARMENT_CATEGORIES, MAX_GARMENT_NAME_LENGTH, type GarmentCategory, type UpdateGarmentRequest } from '@vton/contracts';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** PATCH /api/garments/:id: rename the product or change its category; what is left out stays. */
export class UpdateGarmentDto implements UpdateGarmentRequest {
  @ApiProperty({ required: false, maxLength: MAX_GARMENT_NAME_LENGTH, description: 'The product\'s name (names its results in a run\'s archive).' })
  @IsOptional()
  @IsString({ message: 'name must be text' })
  @Matches(/\S/, { message: 'name must not be empty' })
  @MaxLength(MAX_GARMENT_NAME_LENGTH, { message: `name must be at most ${MAX_GARMENT_NAME_LENGTH} characters` })
  name?: string;

  @ApiProperty({ required: false, enum: GARMENT_CATEGORIES, description: 'Which mask of a model photo the product goes with; `product` for any object that is not worn.' })
  @IsOptional()
  @IsIn(GARMENT_CATEGORIES, { message: `category must be one of ${GARMENT_CATEGORIES.join(', ')}` })
  category?: GarmentCategory;
}
