import { ApiProperty } from '@nestjs/swagger';
import type { RunPromptOverride, StartRunRequest } from '@vton/contracts';
import { IsRecordId } from '@vton/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

/** The most products, or model photos, one run names (the cells are limited by MAX_RUN_CELLS anyway). */
export const MAX_RUN_SIDE = 500;
const MAX_PROMPT = 2000;

export class RunPromptOverrideDto implements RunPromptOverride {
  @ApiProperty({ example: 12 })
  @IsRecordId('prompts.garmentId')
  garmentId!: number;

  @ApiProperty({ example: 'the trousers rolled up at the ankle' })
  @IsString({ message: 'prompts.prompt must be text' })
  @MaxLength(MAX_PROMPT, { message: `prompts.prompt must be at most ${MAX_PROMPT} characters` })
  prompt!: string;
}

/** POST /api/try-on/runs: every product on every model photo, each product with its own category (and optionally its own prompt). */
export class StartRunDto implements StartRunRequest {
  @ApiProperty({ type: [Number], example: [12, 13], description: 'The products (garment ids of the library): the grid\'s rows.' })
  @IsArray({ message: 'garmentIds must be a list of garment ids' })
  @ArrayNotEmpty({ message: 'garmentIds must name at least one product' })
  @ArrayMaxSize(MAX_RUN_SIDE, { message: `garmentIds must name at most ${MAX_RUN_SIDE} products` })
  @IsRecordId('garmentIds', { each: true })
  garmentIds!: number[];

  @ApiProperty({ type: [Number], example: [3, 4, 5], description: 'The model photos: the grid\'s columns.' })
  @IsArray({ message: 'modelIds must be a list of model ids' })
  @ArrayNotEmpty({ message: 'modelIds must name at least one model' })
  @ArrayMaxSize(MAX_RUN_SIDE, { message: `modelIds must name at most ${MAX_RUN_SIDE} models` })
  @IsRecordId('modelIds', { each: true })
  modelIds!: number[];

  @ApiProperty({ example: 'studio light, plain background', required: false, default: '' })
  @IsOptional()
  @IsString({ message: 'prompt must be text' })
  @MaxLength(MAX_PROMPT, { message: `prompt must be at most ${MAX_PROMPT} characters` })
  prompt: string = '';

  @ApiProperty({ type: [RunPromptOverrideDto], required: false, description: 'A product\'s own prompt instead of the run\'s.' })
  @IsOptional()
  @IsArray({ message: 'prompts must be a list of {garmentId, prompt}' })
  @ArrayMaxSize(MAX_RUN_SIDE, { message: `prompts must name at most ${MAX_RUN_SIDE} products` })
  @ValidateNested({ each: true })
  @Type(() => RunPromptOverrideDto)
  prompts?: RunPromptOverrideDto[];
}
