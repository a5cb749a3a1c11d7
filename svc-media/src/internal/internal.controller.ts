import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ErrorCode, type GeneratedImageRecord, type ModelPhotoAndMask, type ResultUploadGrant } from '@vton/contracts';
import { ApiException, createValidationPipe, CurrentServiceCaller, Public, RecordIdPipe } from '@vton/service-kit';
import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';
import { parseVariant } from '../files/file-variant.js';
import { MediaConfig } from '../config/media.config.js';
import { parseObjectKey } from '../storage/object-keys.js';
import { GARMENT_FILE_VARIANTS, GarmentsService } from '../garments/garments.service.js';
import { GeneratedImageFieldsDto, ResultUploadRequestDto, SaveUploadedResultDto } from '../generated-images/dto/generated-image.dto.js';
import type { ReceivedPng } from '../generated-images/generated-images.service.js';
import { MODEL_FILE_VARIANTS, ModelsService } from '../models/models.service.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { readMultipart } from '../uploads/multipart.js';
import { parseGarmentCategory } from '../validation/garment-category.js';
import { MediaServiceCredentialGuard, type ServiceCaller } from './service-credential.guard.js';
import { TryOnResultsService } from './try-on-results.service.js';

const KEY_PATTERN = /^[\w:.-]{1,200}$/;
/** How long a worker's presigned GET of one input file stays good: it reads it at once. */
const INPUT_URL_SECONDS = 60;

/**
 * What svc-generation's workers need, and nothing more: the garment's crop, a model's photo and
 * mask files, and saving a try-on result. Only with the service credential (never a seller's
 * token), and only the credential's account's objects (another account's answer 404, like a missing
 * one). Outside /api: the gateway and the ingress do not route it.
 *
 * A file is not streamed through here: the answer is a presigned GET of that one object, valid a
 * minute, which the worker reads straight from object storage — a model's photo and mask both in one
 * JSON answer, a garment's crop as a redirect (307) whose target the worker reads (without the credential,
 * another origin). One hop for the bytes instead of two, and no S3 request here at all.
 */
@ApiExcludeController()
@Public()
@UseGuards(MediaServiceCredentialGuard)
@Controller('/internal/media')
export class InternalController {
  constructor(
    private readonly garments: GarmentsService,
    private readonly models: ModelsService,
    private readonly results: TryOnResultsService,
    private readonly storage: ObjectStorage,
    private readonly config: MediaConfig,
  ) {}

  @Get('garments/:id/files/:variant')
  async garmentFile(
    @CurrentServiceCaller() caller: ServiceCaller,
    @Param('id', RecordIdPipe) id: number,
    @Param('variant') variant: string,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.garments.fileKey(caller.ownerId, id, parseVariant(variant, GARMENT_FILE_VARIANTS));
    await this.redirectToObject(res, key);
  }

  /**
   * A model's inputs in one request: presigned GETs of its photo and of its mask for `?category=`
   * (without it, of the mask approved last), which the worker reads straight from object storage.
   * The same checks and 404s as the file routes below, one query for both keys. With
   * `?idempotencyKey=` (the run's result key), also the answer of `try-on-results/uploads` for it:
   * a run asks here once before its save instead of twice.
   */
  @Get('models/:id/photo-and-mask')
  async modelPhotoAndMask(
    @CurrentServiceCaller() caller: ServiceCaller,
    @Param('id', RecordIdPipe) id: number,
    @Query('category') category: string | undefined,
    @Query('idempotencyKey') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ModelPhotoAndMask> {
    const resultKey = idempotencyKey === undefined ? undefined : checkedIdempotencyKey(idempotencyKey);
    const [{ photoKey, maskKey }, result] = await Promise.all([
      this.models.photoAndMaskKeys(caller.ownerId, id, parseGarmentCategory(category)),
      resultKey === undefined ? undefined : this.results.grantUpload(caller.ownerId, resultKey),
    ]);
    const [photoUrl, maskUrl] = await Promise.all([this.signedInput(photoKey), this.signedInput(maskKey)]);
    res.setHeader('Cache-Control', 'private, no-store');
    return { photoUrl, maskUrl, ...(result ? { result } : {}) };
  }

  /**
   * `?category=`: the mask files of the photo's mask for that garment category (without it, of the mask approved last).
   * The workers read modelPhotoAndMask instead: kept for the previous release's workers while they may still run, during a rollout.
   */
  @Get('models/:id/files/:variant')
  async modelFile(
    @CurrentServiceCaller() caller: ServiceCaller,
    @Param('id', RecordIdPipe) id: number,
    @Param('variant') variant: string,
    @Query('category') category: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.models.fileKey(caller.ownerId, id, parseVariant(variant, MODEL_FILE_VARIANTS), parseGarmentCategory(category));
    await this.redirectToObject(res, key);
  }

  private async redirectToObject(res: Response, key: string): Promise<void> {
    const url = await this.signedInput(key);
    res.setHeader('Cache-Control', 'private, no-store');
    res.redirect(307, url);
  }

  /** A presigned GET of one input file, valid a minute; a key that is not one of ours is as absent as a missing one. */
  private async signedInput(key: string): Promise<string> {
    if (!parseObjectKey(key)) throw new ApiException(404, ErrorCode.NOT_FOUND, 'Image not found');
    return this.storage.signedGetUrl(key, INPUT_URL_SECONDS);
  }

  /**
   * One hop for a result: the worker asks where to write it (presigned PUTs for the PNG and its
   * thumbnail under the id it will keep), writes both straight to object storage, then saves it
   * (below). The image saved earlier under the same key answers instead, and nothing is written.
   */
  @Post('try-on-results/uploads')
  @HttpCode(200)
  grantResultUpload(@CurrentServiceCaller() caller: ServiceCaller, @Body() body: ResultUploadRequestDto): Promise<ResultUploadGrant> {
    return this.results.grantUpload(caller.ownerId, body.idempotencyKey);
  }

  /** The fields of a result written under a granted upload: checked and recorded once per key (TryOnResultsService.saveUploaded). */
  @Post('try-on-results/uploads/:id')
  @HttpCode(200)
  saveUploadedResult(@CurrentServiceCaller() caller: ServiceCaller, @Param('id', RecordIdPipe) id: number, @Body() body: SaveUploadedResultDto): Promise<GeneratedImageRecord> {
    return this.results.saveUploaded(caller.ownerId, id, body);
  }

  /**
   * The previous release's workers' save (kept while they may still run, during a rollout):
   * multipart `file` (the PNG, then optionally its WebP thumbnail as a second `file`) + garmentId,
   * modelId, prompt, metadata (JSON text), idempotencyKey. The PNG is checked and stored as it
   * streams in (GeneratedImagesService.receivePng), then removed again if the save does not keep it.
   */
  @Post('try-on-results')
  async saveTryOnResult(
    @CurrentServiceCaller() caller: ServiceCaller,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GeneratedImageRecord> {
    const received = {
      which: 'first' as const,
      store: (bytes: Readable) => this.results.receive(caller.ownerId, bytes),
      discard: (png: unknown) => this.results.discard(png as ReceivedPng),
    };
    const { files, fields } = await readMultipart(req, res, {
      field: 'file',
      maxFiles: 2,
      maxFileBytes: this.config.MAX_UPLOAD_BYTES,
      maxRequestBytes: this.config.MAX_UPLOAD_REQUEST_BYTES,
      streamFiles: received,
    });
    const png = files[0].stored as ReceivedPng;
    let dto: GeneratedImageFieldsDto;
    const key = fields.idempotencyKey ?? '';
    try {
      checkedIdempotencyKey(key);
      let metadata: unknown;
      try {
        metadata = fields.metadata ? JSON.parse(fields.metadata) : undefined;
      } catch {
        throw new ApiException(400, ErrorCode.INVALID_INPUT, 'metadata must be a JSON object');
      }
      const number = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : value);
      dto = (await createValidationPipe().transform(
        { garmentId: number(fields.garmentId), modelId: number(fields.modelId), prompt: fields.prompt, metadata },
        { type: 'body', metatype: GeneratedImageFieldsDto },
      )) as GeneratedImageFieldsDto;
    } catch (error) {
      await received.discard(png);
      throw error;
    }
    res.status(200);
    return this.results.save(caller.ownerId, png, dto, key, files[1]?.buffer);
  }
}

/** A result's idempotency key, as the save's DTO checks it (ResultUploadRequestDto). */
function checkedIdempotencyKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'idempotencyKey must be 1–200 characters of letters, digits, _ : . -');
  return key;
}
