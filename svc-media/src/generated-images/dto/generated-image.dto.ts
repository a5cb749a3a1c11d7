import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_METADATA_BYTES, type GenerationType, type SaveGeneratedImageRequest } from '@vton/contracts';
import { IsRecordId } from '@vton/service-kit';
import { IsIn, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';

const GENERATION_TYPES: GenerationType[] = ['vton', 'mock'];

/** Its JSON text in UTF-8 bytes: what the row stores and every gallery page returns. */
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/** The fields of a saved result besides the image itself (spec §3, §5). */
export class GeneratedImageFieldsDto {
  @ApiPropertyOptional({ type: 'integer', nullable: true })
  @IsOptional()
  @IsRecordId('garmentId')
  garmentId?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true })
  @IsOptional()
  @IsRecordId('modelId')
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

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: `{ processedAt, scaleFactor, … }, at most ${MAX_METADATA_BYTES / 1024} KB as JSON` })
  @IsOptional()
  @IsObject({ message: 'metadata must be an object' })
  @ValidateBy(
    { name: 'maxJsonBytes', validator: { validate: (value: unknown) => jsonBytes(value) <= MAX_METADATA_BYTES } },
    { message: `metadata must be at most ${MAX_METADATA_BYTES / 1024} KB of JSON` },
  )
  metadata?: SaveGeneratedImageRequest['metadata'];
}

/** POST /api/generated-images */
export class SaveGeneratedImageDto extends GeneratedImageFieldsDto implements SaveGeneratedImageRequest {
  @ApiProperty({ description: 'data:image/png;base64,… (PNG, JPEG or WebP; remote URLs are refused)' })
  @IsString({ message: 'imageUrl must be a data URL' })
  imageUrl: string;
}

/** svc-generation's POST /internal/media/try-on-results/uploads */
export class ResultUploadRequestDto {
  @IsString({ message: 'idempotencyKey must be text' })
  @Matches(/^[\w:.-]{1,200}$/, { message: 'idempotencyKey must be 1–200 characters of letters, digits, _ : . -' })
  idempotencyKey!: string;
}

/** svc-generation's POST /internal/media/try-on-results/uploads/:id: the result's fields once its files are written. */
export class SaveUploadedResultDto extends GeneratedImageFieldsDto {
  @IsString({ message: 'grant must be text' })
  @MaxLength(200, { message: 'grant must be at most 200 characters' })
  grant!: string;

  @IsString({ message: 'idempotencyKey must be text' })
  @Matches(/^[\w:.-]{1,200}$/, { message: 'idempotencyKey must be 1–200 characters of letters, digits, _ : . -' })
  idempotencyKey!: string;
}
