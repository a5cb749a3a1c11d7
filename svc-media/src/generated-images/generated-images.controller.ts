import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ErrorCode, type GeneratedImageRecord, type GeneratedImagesPage } from '@vton/contracts';
import { ApiException, createValidationPipe, CurrentUser, RecordIdPipe, type AuthenticatedUser } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { MediaConfig } from '../config/media.config.js';
import { readMultipart } from '../uploads/multipart.js';
import { GeneratedImageFieldsDto, SaveGeneratedImageDto } from './dto/generated-image.dto.js';
import { DEFAULT_PAGE_SIZE, GeneratedImagesService, MAX_PAGE_SIZE } from './generated-images.service.js';

@ApiTags('generated-images')
@ApiBearerAuth('bearer')
@Controller('/api/generated-images')
export class GeneratedImagesController {
  constructor(
    private readonly images: GeneratedImagesService,
    private readonly config: MediaConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The gallery, newest first, with signed thumbnail and image URLs (never image bytes).' })
  @ApiQuery({ name: 'limit', required: false, description: `1–${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}` })
  @ApiQuery({ name: 'cursor', required: false, description: 'nextCursor of the previous page' })
  @ApiOkResponse({ description: 'GeneratedImagesPage { images, nextCursor, total }' })
  list(@CurrentUser() user: AuthenticatedUser, @Query('limit') limit?: string, @Query('cursor') cursor?: string): Promise<GeneratedImagesPage> {
    return this.images.list(user.id, pageSize(limit), pageCursor(cursor));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One saved result with freshly signed URLs (svc-generation re-signs stored try-on results with it).' })
  @ApiOkResponse({ description: 'GeneratedImageRecord' })
  @ApiNotFoundResponse({ description: 'No such image of yours (another seller’s answers the same).' })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<GeneratedImageRecord> {
    return this.images.get(user.id, id);
  }

  @Post()
  @ApiOperation({ summary: 'Save a result to the gallery (spec §7): imageUrl is a PNG/JPEG/WebP data URL.' })
  @ApiOkResponse({ description: 'GeneratedImageRecord' })
  save(@CurrentUser() user: AuthenticatedUser, @Body() body: SaveGeneratedImageDto): Promise<GeneratedImageRecord> {
    return this.images.saveDataUrl(user.id, body);
  }

  @Post('files')
  @ApiOperation({ summary: 'svc-generation saves a result: multipart `file` (PNG) + garmentId, modelId, prompt, generationType, metadata (JSON), tryOnResult=true.' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary' },
        garmentId: { type: 'integer' },
        modelId: { type: 'integer' },
        prompt: { type: 'string' },
        generationType: { type: 'string', enum: ['vton', 'mock'] },
        metadata: { type: 'string', description: 'JSON object' },
        tryOnResult: { type: 'string', enum: ['true', 'false'] },
      },
    },
  })
  @ApiOkResponse({ description: 'GeneratedImageRecord' })
  async saveFile(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<GeneratedImageRecord> {
    const { files, fields } = await readMultipart(req, res, { field: 'file', maxFiles: 1, maxFileBytes: this.config.MAX_UPLOAD_BYTES, maxRequestBytes: this.config.MAX_UPLOAD_REQUEST_BYTES });
    const { tryOnResult, ...plain } = formFields(fields);
    const dto = (await createValidationPipe().transform(plain, { type: 'body', metatype: GeneratedImageFieldsDto })) as GeneratedImageFieldsDto;
    return this.images.save(user.id, files[0].buffer, dto, tryOnResult);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed: the row, then its objects.' })
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<void> {
    await this.images.remove(user.id, id);
  }
}

function pageSize(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PAGE_SIZE;
  const limit = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!(limit >= 1 && limit <= MAX_PAGE_SIZE)) throw new ApiException(400, ErrorCode.INVALID_INPUT, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  return limit;
}

function pageCursor(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'cursor is not one this API returned');
  return Number(value);
}

/** Multipart fields are text: numbers, null, JSON and the flag are read back from it. */
function formFields(fields: Record<string, string>): Record<string, unknown> & { tryOnResult: boolean } {
  const number = (value: string | undefined) => (value === undefined || value === '' ? undefined : value === 'null' ? null : /^-?\d+$/.test(value) ? Number(value) : value);
  let metadata: unknown;
  if (fields.metadata !== undefined && fields.metadata !== '') {
    try {
      metadata = JSON.parse(fields.metadata);
    } catch {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, 'metadata must be a JSON object');
    }
  }
  if (fields.tryOnResult !== undefined && !['true', 'false'].includes(fields.tryOnResult)) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, "tryOnResult must be 'true' or 'false'");
  }
  return {
    garmentId: number(fields.garmentId),
    modelId: number(fields.modelId),
    prompt: fields.prompt,
    generationType: fields.generationType,
    metadata,
    tryOnResult: fields.tryOnResult === 'true',
  };
}
