import { Body, Controller, Get, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiTags, ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import { GARMENT_CATEGORIES, type GarmentRecord, type GarmentsPage } from '@vton/contracts';
import { ApiKeyScopes, ApiOwnRecord, ApiPageQuery, ApiResult, CurrentUser, pageSize, RecordIdPipe, type AuthenticatedUser } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { parseVariant } from '../files/file-variant.js';
import { sendObject } from '../files/send-object.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { PAGE_SIZES, pageCursor } from '../paging/page-query.js';
import { DeleteOwnRecord, GetOwnRecord, GetOwnRecordFile } from '../routes/own-record-routes.js';
import { ApiFileForm, FileForm, type FileFormReader } from '../uploads/file-form.js';
import { parseGarmentCategory } from '../validation/garment-category.js';
import { CropDto } from './dto/crop.dto.js';
import { UpdateGarmentDto } from './dto/update-garment.dto.js';
import { GARMENT_FILE_VARIANTS, GarmentsService } from './garments.service.js';

@ApiTags('Garments')
@ApiKeyScopes('try-on')
@Controller('/api/garments')
export class GarmentsController {
  constructor(
    private readonly garments: GarmentsService,
    private readonly storage: ObjectStorage,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'uploadGarment',
    summary: 'Upload a garment photo',
    description: 'Multipart field `file`: one JPG, PNG or WebP photo, stored upright without metadata; optional field `category` (default `upper_body`). It joins the product library, named after the file.',
  })
  @ApiFileForm('file', GARMENT_CATEGORIES)
  @ApiResult('GarmentRecord', { status: 201, description: 'The stored garment, not cropped yet.' })
  @ApiBadRequestResponse({ description: 'No `file` field, a file that is not a JPG, PNG or WebP image, or an unknown `category`.' })
  @ApiPayloadTooLargeResponse({ description: 'The file is larger than the upload limit.' })
  @ApiUnsupportedMediaTypeResponse({ description: 'The body is not multipart/form-data.' })
  async upload(@CurrentUser() user: AuthenticatedUser, @FileForm('file') readForm: FileFormReader): Promise<GarmentRecord> {
    const { file, fields } = await readForm();
    return this.garments.upload(user.id, file, parseGarmentCategory(fields.category));
  }

  @Get()
  @ApiOperation({ operationId: 'listGarments', summary: 'List your product library', description: 'Your garments and products, newest first, each with its crop and category.' })
  @ApiPageQuery(PAGE_SIZES)
  @ApiResult('GarmentsPage', { description: 'One page of the library.' })
  list(@CurrentUser() user: AuthenticatedUser, @Query('limit') limit?: string, @Query('cursor') cursor?: string): Promise<GarmentsPage> {
    return this.garments.list(user.id, pageSize(limit, PAGE_SIZES), pageCursor(cursor));
  }

  @GetOwnRecord('garment', 'GarmentRecord', { operationId: 'getGarment', summary: 'Get a garment' }, 'The garment with freshly signed image URLs.')
  get(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<GarmentRecord> {
    return this.garments.get(user.id, id);
  }

  @Patch(':id')
  @ApiOperation({ operationId: 'updateGarment', summary: 'Rename a product or change its category' })
  @ApiResult('GarmentRecord', { description: 'The garment as it is now.' })
  @ApiBadRequestResponse({ description: 'An empty or too long name, or an unknown category.' })
  @ApiOwnRecord('garment')
  update(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number, @Body() changes: UpdateGarmentDto): Promise<GarmentRecord> {
    return this.garments.update(user.id, id, changes);
  }

  @DeleteOwnRecord('garment', { operationId: 'deleteGarment', summary: 'Delete a garment from the library', description: 'Its results stay in the gallery.' }, 'Deleted: the record, then its files.')
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<void> {
    await this.garments.remove(user.id, id);
  }

  @Put(':id')
  @ApiOperation({ operationId: 'replaceGarment', summary: 'Replace a garment photo', description: 'Multipart field `file`; the garment keeps its id and its crop is cleared.' })
  @ApiFileForm('file')
  @ApiResult('GarmentRecord', { description: 'The garment with its new photo, not cropped.' })
  @ApiBadRequestResponse({ description: 'No `file` field, or not a JPG, PNG or WebP image.' })
  @ApiOwnRecord('garment')
  @ApiPayloadTooLargeResponse({ description: 'The file is larger than the upload limit.' })
  replace(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number, @FileForm('file') readForm: FileFormReader): Promise<GarmentRecord> {
    // The owner is checked (404) before the upload is read.
    return this.garments.replace(user.id, id, async () => (await readForm()).file);
  }

  @Post(':id/crop')
  @ApiOperation({
    operationId: 'cropGarment',
    summary: 'Crop a garment',
    description: 'The square (in the photo\'s own pixels) becomes a 960×960 PNG on white, never upscaled; the part outside the photo is white. A try-on needs a cropped garment.',
  })
  @ApiResult('GarmentRecord', { status: 201, description: 'The garment with `croppedUrl` and `cropData`.' })
  @ApiBadRequestResponse({ description: 'A crop that is not a square of at least 20 px, or numbers out of range.' })
  @ApiOwnRecord('garment')
  @ApiConflictResponse({ description: 'The photo was replaced while it was being cropped: crop the new photo.' })
  crop(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number, @Body() crop: CropDto): Promise<GarmentRecord> {
    return this.garments.crop(user.id, id, crop);
  }

  /** The garment file bytes (`original` or `cropped`), for the seller or their API key (the worker reads through /internal/media). */
  @GetOwnRecordFile()
  async file(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', RecordIdPipe) id: number,
    @Param('variant') variant: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.garments.fileKey(user.id, id, parseVariant(variant, GARMENT_FILE_VARIANTS));
    await sendObject(req, res, this.storage, key, 'private, no-cache');
  }
}
