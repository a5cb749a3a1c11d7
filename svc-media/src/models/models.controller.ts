import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConsumes, ApiOperation, ApiPayloadTooLargeResponse, ApiQuery, ApiTags, ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import { GARMENT_CATEGORIES, WORN_CATEGORIES, type ModelPhotoRecord } from '@vton/contracts';
import { ApiKeyScopes, ApiOwnRecord, ApiRecordIdRule, ApiResult, CurrentUser, RecordIdPipe, type AuthenticatedUser } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { parseVariant } from '../files/file-variant.js';
import { MediaConfig } from '../config/media.config.js';
import { sendObject } from '../files/send-object.js';
import { DeleteOwnRecord, GetOwnRecord, GetOwnRecordFile } from '../routes/own-record-routes.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { ApiFileForm, FileForm, type FileFormReader } from '../uploads/file-form.js';
import { readMultipart } from '../uploads/multipart.js';
import { parseGarmentCategory } from '../validation/garment-category.js';
import { MODEL_FILE_VARIANTS, ModelsService, type ReceivedPhoto } from './models.service.js';

@ApiTags('Model photos')
@ApiKeyScopes('try-on')
@Controller('/api/models')
export class ModelsController {
  constructor(
    private readonly models: ModelsService,
    private readonly storage: ObjectStorage,
    private readonly config: MediaConfig,
  ) {}

  @Post()
  @ApiOperation({ operationId: 'uploadModelPhotos', summary: 'Upload model photos', description: 'Multipart field `files`, repeated for each photo (JPG, PNG or WebP). All are stored or none.' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } }, required: ['files'] } })
  @ApiResult('ModelPhotoRecord', { status: 201, list: true, description: 'The model photos in upload order, status `uploaded`.' })
  @ApiBadRequestResponse({ description: 'No `files`, too many files, or a file that is not a JPG, PNG or WebP image.' })
  @ApiPayloadTooLargeResponse({ description: 'A file, or all files together, over the upload limit.' })
  @ApiUnsupportedMediaTypeResponse({ description: 'The body is not multipart/form-data.' })
  async upload(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ModelPhotoRecord[]> {
    // Each photo is checked and stored as it arrives; the rows are written once all passed.
    const { files } = await readMultipart(req, res, {
      field: 'files',
      maxFiles: this.config.MAX_FILES_PER_UPLOAD,
      maxFileBytes: this.config.MAX_UPLOAD_BYTES,
      maxRequestBytes: this.config.MAX_UPLOAD_REQUEST_BYTES,
      streamFiles: {
        which: 'every',
        store: (bytes, filename) => this.models.receive(user.id, bytes, filename),
        discard: (photo) => this.models.discardReceived(photo as ReceivedPhoto),
      },
    });
    return this.models.saveReceived(user.id, files.map((file) => file.stored as ReceivedPhoto));
  }

  /** The signed-in user's model photos, oldest first. */
  @Get()
  @ApiOperation({ operationId: 'listModelPhotos', summary: 'List your model photos' })
  @ApiResult('ModelPhotoRecord', { list: true, description: 'Your model photos, oldest first.' })
  list(@CurrentUser() user: AuthenticatedUser): Promise<ModelPhotoRecord[]> {
    return this.models.list(user.id);
  }

  @GetOwnRecord('model photo', 'ModelPhotoRecord', { operationId: 'getModelPhoto', summary: 'Get a model photo' }, 'The model photo with freshly signed URLs.')
  get(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<ModelPhotoRecord> {
    return this.models.get(user.id, id);
  }

  @Post(':id/mask')
  @ApiOperation({
    operationId: 'sendMask',
    summary: 'Send a mask for a model photo',
    description:
      'Multipart field `mask`: a PNG the size of the photo, white (or opaque) where the garment goes; optional field `category` (default `upper_body`): the garment category it is the mask for — a photo keeps one approved mask per category, and a product is tried on with its own category\'s mask. On success the photo is `ready` and `masks` lists the new mask under its category; on failure that category\'s mask is dropped, the photo goes back to `uploaded` when it has no other mask, and `error` says why.',
  })
  @ApiFileForm('mask', GARMENT_CATEGORIES)
  @ApiResult('ModelPhotoRecord', { status: 201, description: 'The model photo, status `ready`, with the mask in `masks` under its category (and in `inpaint`, the mask approved last).' })
  @ApiBadRequestResponse({ description: 'No `mask`, not a PNG, the wrong size, nothing painted, or an unknown `category`.' })
  @ApiOwnRecord('model photo')
  mask(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number, @FileForm('mask') readForm: FileFormReader): Promise<ModelPhotoRecord> {
    return this.models.applyMask(user.id, id, maskUpload(readForm));
  }

  @Put(':id/suggested-mask')
  @ApiOperation({
    operationId: 'keepSuggestedMask',
    summary: 'Keep a suggested mask for a model photo',
    description:
      'Multipart field `mask`: the studio\'s suggested mask, a PNG with the photo\'s shape at up to 2048 px a side (lime where the garment goes, transparent elsewhere); optional field `category` (default `upper_body`; a worn category: a product\'s mask is painted by hand). It waits in `suggestedMasks` under its category until that category\'s mask is approved or it is withdrawn; it does not make the photo ready.',
  })
  @ApiFileForm('mask', WORN_CATEGORIES)
  @ApiResult('ModelPhotoRecord', { description: 'The model photo with the suggestion in `suggestedMasks` under its category.' })
  @ApiBadRequestResponse({ description: 'No `mask`, not a PNG, larger than 2048 px a side, not the photo\'s shape, or a `category` that is not a worn one.' })
  @ApiOwnRecord('model photo')
  suggestedMask(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number, @FileForm('mask') readForm: FileFormReader): Promise<ModelPhotoRecord> {
    return this.models.suggestMask(user.id, id, maskUpload(readForm));
  }

  @Delete(':id/suggested-mask')
  @HttpCode(204)
  @ApiOperation({ operationId: 'withdrawSuggestedMask', summary: 'Withdraw a model photo\'s suggested mask', description: 'Withdraws the suggestion of `category` (default `upper_body`); the other categories\' stay.' })
  @ApiQuery({ name: 'category', required: false, enum: [...WORN_CATEGORIES], description: 'Whose suggestion to withdraw (default `upper_body`).' })
  @ApiResult(null, { status: 204, description: 'No suggested mask of that category waits for this photo any more (also when none did).' })
  @ApiRecordIdRule('id', 'a `category` that is not a worn one')
  @ApiOwnRecord('model photo')
  async withdrawSuggestedMask(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number, @Query('category') category: string | undefined): Promise<void> {
    await this.models.withdrawSuggestedMask(user.id, id, category);
  }

  @DeleteOwnRecord('model photo', { operationId: 'deleteModelPhoto', summary: 'Delete a model photo' }, 'Deleted, with its mask files.')
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<void> {
    await this.models.remove(user.id, id);
  }

  /** Model file bytes (`original`, `inpaint-cropped`, `inpaint-mask`), for the seller or their API key (the worker reads through /internal/media). */
  @GetOwnRecordFile()
  async file(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', RecordIdPipe) id: number,
    @Param('variant') variant: string,
    @Query('category') category: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.models.fileKey(user.id, id, parseVariant(variant, MODEL_FILE_VARIANTS), parseGarmentCategory(category));
    await sendObject(req, res, this.storage, key, 'private, no-cache');
  }
}

/** Reads the form's `mask` file and `category` field when the service asks (once it has checked the photo is the caller's). */
function maskUpload(readForm: FileFormReader): () => Promise<{ mask: Buffer; category: string | undefined }> {
  return async () => {
    const { file, fields } = await readForm();
    return { mask: file.buffer, category: fields.category };
  };
}
