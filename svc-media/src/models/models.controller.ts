import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ModelPhotoRecord } from '@vton/contracts';
import { CurrentUser, RecordIdPipe, type AuthenticatedUser } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { parseVariant } from '../common/variant.js';
import { MediaConfig } from '../config/media.config.js';
import { sendObject } from '../files/send-object.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { readMultipart } from '../uploads/multipart.js';
import { ModelsService } from './models.service.js';

@ApiTags('models')
@ApiBearerAuth('bearer')
@Controller('/api/models')
export class ModelsController {
  constructor(
    private readonly models: ModelsService,
    private readonly storage: ObjectStorage,
    private readonly config: MediaConfig,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Upload model photos (multipart field `files`, several; JPG, PNG or WebP). All or none are stored.' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } }, required: ['files'] } })
  @ApiOkResponse({ description: 'ModelPhotoRecord[] in upload order' })
  async upload(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ModelPhotoRecord[]> {
    const { files } = await readMultipart(req, res, { field: 'files', maxFiles: this.config.MAX_FILES_PER_UPLOAD, maxFileBytes: this.config.MAX_UPLOAD_BYTES, maxRequestBytes: this.config.MAX_UPLOAD_REQUEST_BYTES });
    return this.models.upload(user.id, files);
  }

  /** The signed-in user's model photos, oldest first. */
  @Get()
  @ApiOkResponse({ description: 'ModelPhotoRecord[] of the signed-in user.' })
  list(@CurrentUser() user: AuthenticatedUser): Promise<ModelPhotoRecord[]> {
    return this.models.list(user.id);
  }

  @Get(':id')
  @ApiOkResponse({ description: 'ModelPhotoRecord' })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<ModelPhotoRecord> {
    return this.models.get(user.id, id);
  }

  @Post(':id/mask')
  @ApiOperation({ summary: 'Approve the painted mask (multipart field `mask`: PNG at the photo’s size). Ready on success; `uploaded` with `error` on failure.' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { mask: { type: 'string', format: 'binary' } }, required: ['mask'] } })
  @ApiOkResponse({ description: 'ModelPhotoRecord with status ready and inpaint {croppedImageUrl, processedMaskUrl, bounds}' })
  mask(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', RecordIdPipe) id: number,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ModelPhotoRecord> {
    return this.models.applyMask(user.id, id, async () => {
      const { files } = await readMultipart(req, res, { field: 'mask', maxFiles: 1, maxFileBytes: this.config.MAX_UPLOAD_BYTES, maxRequestBytes: this.config.MAX_UPLOAD_REQUEST_BYTES });
      return files[0].buffer;
    });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed: the row, then its objects.' })
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<void> {
    await this.models.remove(user.id, id);
  }

  @Get(':id/files/:variant')
  @ApiOperation({ summary: 'Model file bytes (`original`, `inpaint-cropped`, `inpaint-mask`), for svc-generation on the user’s behalf.' })
  async file(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', RecordIdPipe) id: number,
    @Param('variant') variant: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.models.fileKey(user.id, id, parseVariant(variant, ['original', 'inpaint-cropped', 'inpaint-mask']));
    await sendObject(req, res, this.storage, key, 'private, no-cache');
  }
}
