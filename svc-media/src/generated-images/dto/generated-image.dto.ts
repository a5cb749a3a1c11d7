import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { GenerationType, SaveGeneratedImageRequest } from '@vton/contracts';
import { IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const GENERATION_TYPES: GenerationType[] = ['vton', 'mock'];
const MAX_ID = 2_147_483_647;

/** The fields of a saved result besides the image itself (spec §3, §5). */
export class GeneratedImageFieldsDto {
  @ApiPropertyOptional({ type: 'integer', nullable: true })
  @IsOptional()
  @IsInt({ message: 'garmentId must be a positive integer' })
  @Min(1, { message: 'garmentId must be a positive integer' })
  @Max(MAX_ID, { message: 'garmentId must be a positive integer' })
  garmentId?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true })
  @IsOptional()
  @IsInt({ message: 'modelId must be a positive integer' })
  @Min(1, { message: 'modelId must be a positive integer' })
  @Max(MAX_ID, { message: 'modelId must be a positive integer' })
  modelId?: number | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'prompt must be text' })
  @MaxLength(10_000, { message: 'prompt must be at most 10000 characters' })
  prompt?: string;

  @ApiPropertyOptional({ enum: GENERATION_TYPES, default: 'vton' })
  @IsOptional()
  @IsIn(GENERATION_TYPES, { message: "generationType must be 'vton' or 'mock'" })
  generationType?: GenerationType;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: '{ processedAt, scaleFactor, … }' })
  @IsOptional()
  @IsObject({ message: 'metadata must be an object' })
  metadata?: SaveGeneratedImageRequest['metadata'];
}

/** POST /api/generated-images */
export class SaveGeneratedImageDto extends GeneratedImageFieldsDto implements SaveGeneratedImageRequest {
  @ApiProperty({ description: 'data:image/png;base64,… (PNG, JPEG or WebP; remote URLs are refused)' })
  @IsString({ message: 'imageUrl must be a data URL' })
  imageUrl: string;
}
