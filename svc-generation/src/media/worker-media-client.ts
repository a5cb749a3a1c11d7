import { Injectable, Logger } from '@nestjs/common';
import { INTERNAL_MEDIA_PATHS, type GarmentCategory, type GeneratedImageRecord, type ModelPhotoAndMask, type ResultProviderMetadata, type ResultUploadGrant } from '@vton/contracts';
import { GenerationConfig } from '../config/generation.config.js';
import { currentRequestId } from '@vton/service-kit';
import { ImageProcessor } from '../imaging/image-processor.js';
import { pngWithoutMetadata } from '../imaging/png-metadata.js';
import { MediaHttp, withRequestId } from './media-http.js';
import { ObjectStorageHttp } from './object-storage-http.js';
import { ServiceCredentials } from './service-credential.js';

/** On whose behalf a worker acts: the job's owner, for one job. */
export interface JobOwner {
  userId: number;
  jobId: string;
}

export interface SaveResultInput {
  png: Buffer;
  garmentId: number;
  modelId: number;
  prompt: string;
  metadata: { processedAt: string; scaleFactor?: number } & ResultProviderMetadata;
  /** One per job, model and run: saving twice with it yields one gallery image and one try_on_results row. */
  idempotencyKey: string;
  /** The result's WebP thumbnail, made from the pixels just composed; made here from the PNG when composition failed. */
  thumbnail?: Buffer;
}

/** A result grant svc-media gave with a model's inputs, and until when (this worker's clock, ms) its save may use it. */
export interface KeptResultGrant {
  granted: ResultUploadGrant;
  usableUntil: number;
}

/**
 * The part of a grant's life the save itself needs (writing two objects, then the save request): a
 * grant with less left is not used, the save asks for a fresh one.
 */
const GRANT_MARGIN_SECONDS = 60;

/** svc-media's internal routes, called by a worker with its service credential (never a seller's token). */
@Injectable()
export class WorkerMediaClient {
  private readonly logger = new Logger('WorkerMediaClient');
  private readonly http: MediaHttp;
  private readonly objects: ObjectStorageHttp;

  constructor(
    config: GenerationConfig,
    private readonly credentials: ServiceCredentials,
    private readonly images: ImageProcessor,
  ) {
    this.http = new MediaHttp(config, config.MEDIA_TIMEOUT_MS, this.logger);
    this.objects = new ObjectStorageHttp(config, this.logger);
  }

  /**
   * A garment's file: svc-media answers where it is (a redirect to a presigned GET, read here straight
   * from object storage, without the credential), or, a release before that, its bytes.
   */
  async garmentFile(owner: JobOwner, garmentId: number, variant: 'original' | 'cropped', signal?: AbortSignal): Promise<Buffer> {
    const file = await this.http.file(INTERNAL_MEDIA_PATHS.garmentFile(garmentId, variant), await this.headers(owner), signal);
    return file instanceof URL ? this.objects.get(file.href, `the ${variant} file of garment ${garmentId}`, signal) : file;
  }

  /**
   * A model's photo and its mask for `category` (without one, the mask approved last), in one request
   * to svc-media: it answers where both are, and both are read straight from object storage at once.
   * A photo or mask that is not there is a MediaNotFoundError; svc-media or object storage unreachable
   * or failing a MediaUnavailableError (the caller asks again: the URLs are good for a minute).
   * With `resultKey` (the run's idempotency key) the same answer carries the result's grant, which
   * saveResult then uses instead of asking for one (a svc-media that does not give it: saveResult asks).
   */
  async modelPhotoAndMask(
    owner: JobOwner,
    modelId: number,
    category: GarmentCategory | undefined,
    signal?: AbortSignal,
    resultKey?: string,
  ): Promise<{ photo: Buffer; mask: Buffer; resultGrant?: KeptResultGrant }> {
    const path = INTERNAL_MEDIA_PATHS.modelPhotoAndMask(modelId, category, resultKey);
    const where = await this.http.json<ModelPhotoAndMask>(path, await this.headers(owner), undefined, signal);
    const answeredAt = Date.now();
    const [photo, mask] = await Promise.all([this.getObject(where.photoUrl, `photo of model ${modelId}`, signal), this.getObject(where.maskUrl, `mask of model ${modelId}`, signal)]);
    return { photo, mask, ...(where.result ? { resultGrant: keptGrant(where.result, answeredAt) } : {}) };
  }

  /**
   * Saves a composed result in the owner's gallery and records its try_on_results row, once per
   * idempotency key, in one hop for its bytes: svc-media says where to write it (or answers the image
   * saved earlier under the key), the PNG — without metadata — and its thumbnail go straight to
   * object storage, then svc-media checks what was written and records it. Any step that fails
   * because svc-media or object storage is unreachable or failing is a MediaUnavailableError: the
   * caller repeats the whole save (a new grant; svc-media answers the earlier image if it was saved).
   */
  async saveResult(owner: JobOwner, input: SaveResultInput, signal?: AbortSignal, kept?: KeptResultGrant): Promise<GeneratedImageRecord> {
    const headers = await this.headers(owner);
    const granted =
      kept && (kept.granted.saved || Date.now() < kept.usableUntil)
        ? kept.granted
        : await this.http.postJson<ResultUploadGrant>(INTERNAL_MEDIA_PATHS.tryOnResultUploads, { idempotencyKey: input.idempotencyKey }, headers, signal);
    if (granted.saved) return granted.saved;
    const { upload } = granted;
    const thumbnail = input.thumbnail ?? (await this.images.thumbnailOf(input.png));
    await Promise.all([
      this.putObject(upload.pngUrl, pngWithoutMetadata(input.png), 'image/png', signal),
      this.putObject(upload.thumbnailUrl, [thumbnail], 'image/webp', signal),
    ]);
    return this.http.postJson<GeneratedImageRecord>(
      INTERNAL_MEDIA_PATHS.tryOnResultUpload(upload.id),
      { grant: upload.grant, idempotencyKey: input.idempotencyKey, garmentId: input.garmentId, modelId: input.modelId, prompt: input.prompt, metadata: input.metadata },
      headers,
      signal,
    );
  }

  private async putObject(url: string, parts: Buffer[], contentType: string, signal?: AbortSignal): Promise<void> {
    await this.objects.put(url, parts, contentType, 'writing a result', signal);
  }

  private async getObject(url: string, what: string, signal?: AbortSignal): Promise<Buffer> {
    return this.objects.get(url, what, signal);
  }

  /** The credential, and the request id of the request that queued the job (svc-media logs under it). */
  private async headers(owner: JobOwner): Promise<Record<string, string>> {
    return withRequestId({ authorization: `Bearer ${await this.credentials.forJob(owner.userId, owner.jobId)}` }, currentRequestId());
  }
}

/** A grant answered at `answeredAt`, usable by a save until GRANT_MARGIN_SECONDS before it expires (an image saved already: always). */
function keptGrant(granted: ResultUploadGrant, answeredAt: number): KeptResultGrant {
  const seconds = granted.upload ? granted.upload.expiresInSeconds - GRANT_MARGIN_SECONDS : Infinity;
  return { granted, usableUntil: answeredAt + seconds * 1000 };
}
