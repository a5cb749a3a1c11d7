import { ApiProperty } from '@nestjs/swagger';
import { DEFAULT_GARMENT_CATEGORY, GARMENT_CATEGORIES, MAX_WORKSPACE_MODELS, type GarmentCategory, type SaveWorkspaceRequest } from '@vton/contracts';
import { IsRecordId } from '@vton/service-kit';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** PUT /api/media/workspace */
export class SaveWorkspaceDto implements SaveWorkspaceRequest {
  @ApiProperty({ type: 'integer', nullable: true })
  @IsOptional()
  @IsRecordId('garmentId')
  garmentId!: number | null;

  @ApiProperty({ type: 'array', items: { type: 'integer' } })
  @IsArray({ message: 'modelIds must be a list of model photo ids' })
  @ArrayMaxSize(MAX_WORKSPACE_MODELS, { message: `modelIds may hold at most ${MAX_WORKSPACE_MODELS} photos` })
  @IsRecordId('modelIds', { each: true })
  modelIds!: number[];

  @ApiProperty()
  @IsString({ message: 'prompt must be text' })
  @MaxLength(10_000, { message: 'prompt must be at most 10000 characters' })
  prompt!: string;

  @ApiProperty({ enum: GARMENT_CATEGORIES, required: false, description: 'The studio\'s garment category control (default upper_body; `product` for any object that is not worn).' })
  @IsOptional()
  @IsIn(GARMENT_CATEGORIES, { message: `garmentCategory must be one of ${GARMENT_CATEGORIES.join(', ')}` })
  garmentCategory?: GarmentCategory = DEFAULT_GARMENT_CATEGORY;
}
