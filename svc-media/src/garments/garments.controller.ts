import { Body, Controller, Get, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { GarmentRecord } from '@vton/contracts';
import { CurrentUser, RecordIdPipe, type AuthenticatedUser } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { parseVariant } from '../common/variant.js';
import { MediaConfig } from '../config/media.config.js';
import { sendObject } from '../files/send-object.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { readMultipart } from '../uploads/multipart.js';
import { CropDto } from './dto/crop.dto.js';
import { GarmentsService, type GarmentFileVariant } from './garments.service.js';

const FILE_BODY = { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } };

@ApiTags('garments')
@ApiBearerAuth('bearer')
@Controller('/api/garments')
export class GarmentsController {
  constructor(
    private readonly garments: GarmentsService,
    private readonly storage: ObjectStorage,
    private readonly config: MediaConfig,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Upload the garment photo (multipart field `file`: JPG, PNG or WebP).' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @ApiOkResponse({ description: 'GarmentRecord' })
  async upload(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<GarmentRecord> {
    const { files } = await readMultipart(req, res, { field: 'file', maxFiles: 1, maxFileBytes: this.config.MAX_UPLOAD_BYTES, maxRequestBytes: this.config.MAX_UPLOAD_REQUEST_BYTES });
    return this.garments.upload(user.id, files[0]);
  }

  @Get(':id')
  @ApiOkResponse({ description: 'GarmentRecord' })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number): Promise<GarmentRecord> {
    return this.garments.get(user.id, id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Replace the garment photo (multipart field `file`); clears the crop.' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @ApiOkResponse({ description: 'GarmentRecord' })
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
  @ApiOperation({ summary: 'Crop the garment to a 960×960 PNG on white (never upscaled).' })
  @ApiOkResponse({ description: 'GarmentRecord with croppedUrl and cropData' })
  crop(@CurrentUser() user: AuthenticatedUser, @Param('id', RecordIdPipe) id: number, @Body() crop: CropDto): Promise<GarmentRecord> {
    return this.garments.crop(user.id, id, crop);
  }

  @Get(':id/files/:variant')
  @ApiOperation({ summary: 'The garment file bytes (`original` or `cropped`), for svc-generation on the user’s behalf.' })
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
