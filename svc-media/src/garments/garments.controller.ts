import { Body, Controller, Get, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiConsumes, ApiExcludeEndpoint, ApiNotFoundResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiTags, ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import type { GarmentRecord } from '@vton/contracts';
import { ApiKeyScopes, ApiResult, CurrentUser, RecordIdPipe, type AuthenticatedUser } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { parseVariant } from '../files/file-variant.js';
import { MediaConfig } from '../config/media.config.js';
import { sendObject } from '../files/send-object.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { readMultipart } from '../uploads/multipart.js';
import { CropDto } from './dto/crop.dto.js';
import { GarmentsService } from './garments.service.js';

const FILE_BODY = { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } };

@ApiTags('Garments')
@ApiKeyScopes('try-on')
@Controller('/api/garments')
export class GarmentsController {
  constructor(
    private readonly garments: GarmentsService,
    private readonly storage: ObjectStorage,
    private readonly config: MediaConfig,
  ) {}

  @Post()
  @ApiOperation({ operationId: 'uploadGarment', summary: 'Upload a garment photo', description: 'Multipart field `file`: one JPG, PNG or WebP photo, stored upright without metadata.' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @ApiResult('GarmentRecord', { status: 201, description: 'The stored garment, not cropped yet.' })
  @ApiBadRequestResponse({ description: 'No `file` field, or a file that is not a JPG, PNG or WebP image.' })
  @ApiPayloadTooLargeResponse({ description: 'The file is larger than the upload limit.' })
  @ApiUnsupportedMediaTypeResponse({ description: 'The body is not multipart/form-data.' })
  async upload(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<GarmentRecord> {
    const { files } = await readMultipart(req, res, { field: 'file', maxFiles: 1, maxFileBytes: this.config.MAX_UPLOAD_BYTES, maxRequestBytes: this.config.MAX_UPLOAD_REQUEST_BYTES });
    return this.garments.upload(user.id, files[0]);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getGarment', summary: 'Get a garment' })
  @ApiResult('GarmentRecord', { description: 'The garment with freshly signed image URLs.' })
  @ApiBadRequestResponse({ description: 'The id is not a whole number from 1 to 2147483647.' })
  @ApiNotFoundResponse({ description: 'No such garment of yours.' })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<GarmentRecord> {
    return this.garments.get(user.id, id);
  }

  @Put(':id')
  @ApiOperation({ operationId: 'replaceGarment', summary: 'Replace a garment photo', description: 'Multipart field `file`; the garment keeps its id and its crop is cleared.' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @ApiResult('GarmentRecord', { description: 'The garment with its new photo, not cropped.' })
  @ApiBadRequestResponse({ description: 'No `file` field, or not a JPG, PNG or WebP image.' })
  @ApiNotFoundResponse({ description: 'No such garment of yours.' })
  @ApiPayloadTooLargeResponse({ description: 'The file is larger than the upload limit.' })
  replace(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', RecordIdPipe) id: number,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GarmentRecord> {
    // The owner is checked (404) before the upload is read.
    return this.garments.replace(user.id, id, async () => {
      const { files } = await readMultipart(req, res, { field: 'file', maxFiles: 1, maxFileBytes: this.config.MAX_UPLOAD_BYTES, maxRequestBytes: this.config.MAX_UPLOAD_REQUEST_BYTES });
      return files[0];
    });
  }

  @Post(':id/crop')
  @ApiOperation({
    operationId: 'cropGarment',
    summary: 'Crop a garment',
    description: 'The square (in the photo\'s own pixels) becomes a 960×960 PNG on white, never upscaled; the part outside the photo is white. A try-on needs a cropped garment.',
  })
  @ApiResult('GarmentRecord', { status: 201, description: 'The garment with `croppedUrl` and `cropData`.' })
  @ApiBadRequestResponse({ description: 'A crop that is not a square of at least 20 px, or numbers out of range.' })
  @ApiNotFoundResponse({ description: 'No such garment of yours.' })
  @ApiConflictResponse({ description: 'The photo was replaced while it was being cropped: crop the new photo.' })
  crop(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number, @Body() crop: CropDto): Promise<GarmentRecord> {
    return this.garments.crop(user.id, id, crop);
  }

  /** The garment file bytes (`original` or `cropped`), for svc-generation on the user's behalf. */
  @Get(':id/files/:variant')
  @ApiExcludeEndpoint()
  async file(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', RecordIdPipe) id: number,
    @Param('variant') variant: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.garments.fileKey(user.id, id, parseVariant(variant, ['original', 'cropped']));
    await sendObject(req, res, this.storage, key, 'private, no-cache');
  }
}
