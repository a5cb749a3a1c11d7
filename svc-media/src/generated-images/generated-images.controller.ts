import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExcludeEndpoint, ApiNotFoundResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { API_KEY_ERRORS, ErrorCode, MAX_RECORD_ID, type GeneratedImageRecord, type GeneratedImagesPage } from '@vton/contracts';
import { ApiException, ApiKeyScopes, ApiPageQuery, ApiRecordIdRule, ApiResult, createValidationPipe, CurrentUser, pageSize, parseRecordId, RecordIdPipe, type AuthenticatedUser } from '@vton/service-kit';
import { DeleteOwnRecord } from '../routes/own-record-routes.js';
import { FileForm, type FileFormReader } from '../uploads/file-form.js';
import { GeneratedImageFieldsDto, SaveGeneratedImageDto } from './dto/generated-image.dto.js';
import { MAX_PAGE_SIZE, PAGE_SIZES, pageCursor } from '../paging/page-query.js';
import { GeneratedImagesService } from './generated-images.service.js';

@ApiTags('Gallery')
@Controller('/api/generated-images')
export class GeneratedImagesController {
  constructor(private readonly images: GeneratedImagesService) {}

  // A try-on caller may read its own results by id (svc-generation signs a run's results again with `ids`), not list the gallery.
  @Get()
  @ApiKeyScopes('gallery:read', 'try-on')
  @ApiOperation({ operationId: 'listGallery', summary: 'List the gallery', description: 'Saved results, newest first, with signed thumbnail and image URLs (never image bytes).' })
  @ApiPageQuery(PAGE_SIZES, 'A limit, cursor or ids out of range.')
  @ApiQuery({
    name: 'ids',
    required: false,
    schema: { type: 'string', pattern: '^\\d+(,\\d+)*$' },
    description: `Only these saved results (comma-separated ids, at most ${MAX_PAGE_SIZE}; ids that are not yours are left out), newest first, in one page.`,
  })
  @ApiResult('GeneratedImagesPage', { description: 'One page of the gallery.' })
  list(@CurrentUser() user: AuthenticatedUser, @Query('limit') limit?: string, @Query('cursor') cursor?: string, @Query('ids') ids?: string): Promise<GeneratedImagesPage> {
    if (ids !== undefined) return this.images.listByIds(user.id, imageIds(ids));
    if (user.apiKey && !user.apiKey.scopes.includes('gallery:read')) throw new ApiException(403, ErrorCode.FORBIDDEN, API_KEY_ERRORS.missingScope(['gallery:read']));
    return this.images.list(user.id, pageSize(limit, PAGE_SIZES), pageCursor(cursor));
  }

  // A try-on caller reads its own results through it too (svc-generation re-signs a job's results with it).
  @Get(':id')
  @ApiKeyScopes('gallery:read', 'try-on')
  @ApiOperation({ operationId: 'getGalleryImage', summary: 'Get a saved result', description: 'One saved result with freshly signed URLs.' })
  @ApiResult('GeneratedImageRecord', { description: 'The saved result.' })
  @ApiRecordIdRule()
  @ApiNotFoundResponse({ description: 'No such image of yours (another seller’s answers the same).' })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<GeneratedImageRecord> {
    return this.images.get(user.id, id);
  }

  @Post()
  @ApiKeyScopes('gallery:write')
  @ApiOperation({ operationId: 'saveToGallery', summary: 'Save an image to the gallery', description: '`imageUrl` is a PNG, JPEG or WebP data URL; remote URLs are refused.' })
  @ApiResult('GeneratedImageRecord', { status: 201, description: 'The saved image (stored as PNG with a WebP thumbnail).' })
  @ApiBadRequestResponse({ description: 'Not a PNG/JPEG/WebP data URL, bad ids, or metadata over 16 KB.' })
  @ApiPayloadTooLargeResponse({ description: 'The body is over the size limit.' })
  save(@CurrentUser() user: AuthenticatedUser, @Body() body: SaveGeneratedImageDto): Promise<GeneratedImageRecord> {
    return this.images.saveDataUrl(user.id, body);
  }

  /**
   * svc-generation saves a result on the seller's behalf: multipart `file` (PNG) + garmentId,
   * modelId, prompt, generationType, metadata (JSON), tryOnResult=true.
   */
  @Post('files')
  @ApiKeyScopes('try-on')
  @ApiExcludeEndpoint()
  async saveFile(@CurrentUser() user: AuthenticatedUser, @FileForm('file') readForm: FileFormReader): Promise<GeneratedImageRecord> {
    const { file, fields } = await readForm();
    const { tryOnResult, ...plain } = formFields(fields);
    const dto = (await createValidationPipe().transform(plain, { type: 'body', metatype: GeneratedImageFieldsDto })) as GeneratedImageFieldsDto;
    return this.images.save(user.id, file.buffer, dto, tryOnResult);
  }

  @DeleteOwnRecord('image', { operationId: 'deleteGalleryImage', summary: 'Delete a saved result' }, 'Deleted: the record, then its files.')
  @ApiKeyScopes('gallery:write')
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<void> {
    await this.images.remove(user.id, id);
  }
}

/** `?ids=1,2,3`: whole numbers in the id columns' range, at most a page of them. */
function imageIds(value: string): number[] {
  const ids = value === '' ? [] : value.split(',').map(parseRecordId);
  if (ids.length > MAX_PAGE_SIZE || ids.includes(null)) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, `ids must be at most ${MAX_PAGE_SIZE} comma-separated whole numbers from 1 to ${MAX_RECORD_ID}`);
  }
  return [...new Set(ids as number[])];
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
