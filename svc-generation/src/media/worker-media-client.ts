import { Injectable, Logger } from '@nestjs/common';
import { INTERNAL_MEDIA_PATHS, type GarmentCategory, type GeneratedImageRecord, type ResultProviderMetadata } from '@vton/contracts';
import { GenerationConfig } from '../config/generation.config.js';
import { currentRequestId } from '@vton/service-kit';
import { multipartBody } from '../http/multipart-body.js';
import { MediaHttp, withRequestId } from './media-http.js';
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
  /** The result's WebP thumbnail, made from the pixels just composed (svc-media then need not decode the PNG). */
  thumbnail?: Buffer;
}

/** svc-media's internal routes, called by a worker with its service credential (never a seller's token). */
@Injectable()
export class WorkerMediaClient {
  private readonly http: MediaHttp;

  constructor(
    config: GenerationConfig,
    private readonly credentials: ServiceCredentials,
  ) {
    this.http = new MediaHttp(config, new Logger('WorkerMediaClient'));
  }

  async garmentFile(owner: JobOwner, garmentId: number, variant: 'original' | 'cropped', signal?: AbortSignal): Promise<Buffer> {
    return this.http.bytes(INTERNAL_MEDIA_PATHS.garmentFile(garmentId, variant), await this.headers(owner), signal);
  }

  /** A model photo's file; the mask files are those of its mask for `category` (without one, the mask approved last). */
  async modelFile(owner: JobOwner, modelId: number, variant: 'original' | 'inpaint-mask', signal?: AbortSignal, category?: GarmentCategory): Promise<Buffer> {
    return this.http.bytes(INTERNAL_MEDIA_PATHS.modelFile(modelId, variant, category), await this.headers(owner), signal);
  }

  /** Saves a composed result in the owner's gallery and records its try_on_results row, once per idempotency key. */
  async saveResult(owner: JobOwner, input: SaveResultInput, signal?: AbortSignal): Promise<GeneratedImageRecord> {
    const { body, contentType } = multipartBody([
      { name: 'file', filename: `try-on-${input.garmentId}-${input.modelId}.png`, contentType: 'image/png', data: input.png },
      ...(input.thumbnail ? [{ name: 'file', filename: 'thumbnail.webp', contentType: 'image/webp', data: input.thumbnail }] : []),
      { name: 'garmentId', value: String(input.garmentId) },
      { name: 'modelId', value: String(input.modelId) },
      { name: 'prompt', value: input.prompt },
      { name: 'metadata', value: JSON.stringify(input.metadata) },
      { name: 'idempotencyKey', value: input.idempotencyKey },
    ]);
    const path = INTERNAL_MEDIA_PATHS.tryOnResults;
    const res = await this.http.call(path, { method: 'POST', body, headers: { ...(await this.headers(owner)), 'content-type': contentType }, signal });
    return JSON.parse((await this.http.body(res, path)).toString('utf8')) as GeneratedImageRecord;
  }

  /** The credential, and the request id of the request that queued the job (svc-media logs under it). */
  private async headers(owner: JobOwner): Promise<Record<string, string>> {
    return withRequestId({ authorization: `Bearer ${await this.credentials.forJob(owner.userId, owner.jobId)}` }, currentRequestId());
  }
}
