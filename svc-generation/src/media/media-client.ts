import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, type GarmentRecord, type GeneratedImageRecord, type MediaFileVariant, type ModelPhotoRecord } from '@vton/contracts';
import { ApiException, REQUEST_ID_HEADER } from '@vton/service-kit';
import { GenerationConfig } from '../config/generation.config.js';
import { BodyTooLargeError, readCappedBody } from '../http/capped-body.js';

/** On whose behalf svc-generation calls svc-media: the user's own Bearer token, and the request id for the logs. */
export interface Caller {
  userId: number;
  token: string;
  requestId?: string;
}

export interface SaveResultInput {
  png: Buffer;
  garmentId: number;
  modelId: number;
  prompt: string;
  metadata: { processedAt: string; scaleFactor?: number };
}

/** svc-media answered 404: the garment, model or file does not exist (or is not this user's). */
export class MediaNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`svc-media has no ${path}`);
    this.name = 'MediaNotFoundError';
  }
}

/**
 * svc-media over HTTP (MEDIA_SERVICE_URL), per packages/contracts/src/media.ts. The user's token
 * is forwarded, so svc-media checks ownership exactly as for the browser's own calls.
 */
@Injectable()
export class MediaClient {
  private readonly logger = new Logger('MediaClient');

  constructor(private readonly config: GenerationConfig) {}

  getGarment(caller: Caller, garmentId: number): Promise<GarmentRecord> {
    return this.json(caller, `/api/garments/${garmentId}`);
  }

  listModels(caller: Caller): Promise<ModelPhotoRecord[]> {
    return this.json(caller, '/api/models');
  }

  garmentFile(caller: Caller, garmentId: number, variant: Extract<MediaFileVariant, 'original' | 'cropped'>): Promise<Buffer> {
    return this.bytes(caller, `/api/garments/${garmentId}/files/${variant}`);
  }

  modelFile(caller: Caller, modelId: number, variant: Exclude<MediaFileVariant, 'cropped'>): Promise<Buffer> {
    return this.bytes(caller, `/api/models/${modelId}/files/${variant}`);
  }

  /** Saves a composed result in the user's gallery and records its try_on_results row. */
  async saveResult(caller: Caller, input: SaveResultInput): Promise<GeneratedImageRecord> {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(input.png)], { type: 'image/png' }), `try-on-${input.garmentId}-${input.modelId}.png`);
    form.set('garmentId', String(input.garmentId));
    form.set('modelId', String(input.modelId));
    form.set('prompt', input.prompt);
    form.set('generationType', 'vton');
    form.set('metadata', JSON.stringify(input.metadata));
    form.set('tryOnResult', 'true');
    const res = await this.call(caller, '/api/generated-images/files', { method: 'POST', body: form });
    return (await res.json()) as GeneratedImageRecord;
  }

  /**
   * A saved gallery image with freshly signed URLs (a stored try-on result's links expire).
   * `signal` abandons the call early (the reader went away).
   */
  getGeneratedImage(caller: Caller, imageId: number, timeoutMs?: number, signal?: AbortSignal): Promise<GeneratedImageRecord> {
    return this.json(caller, `/api/generated-images/${imageId}`, timeoutMs, signal);
  }

  private async json<T>(caller: Caller, path: string, timeoutMs?: number, signal?: AbortSignal): Promise<T> {
    const res = await this.call(caller, path, { signal }, timeoutMs);
    return JSON.parse((await this.body(res, path)).toString('utf8')) as T;
  }

  private async bytes(caller: Caller, path: string): Promise<Buffer> {
    return this.body(await this.call(caller, path), path);
  }

  /** The answer's bytes, at most MEDIA_MAX_RESPONSE_BYTES of them (they are held in memory). */
  private async body(res: Response, path: string): Promise<Buffer> {
    try {
      return await readCappedBody(res, this.config.MEDIA_MAX_RESPONSE_BYTES);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      this.logger.error(`svc-media answered GET ${path} with a ${error.message}`);
      throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, `The media service failed (${error.message})`);
    }
  }

  private async call(caller: Caller, path: string, init: RequestInit = {}, timeoutMs = this.config.MEDIA_TIMEOUT_MS): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${caller.token}` };
    if (caller.requestId) headers[REQUEST_ID_HEADER] = caller.requestId;
    let res: Response;
    try {
      res = await fetch(new URL(path, this.config.MEDIA_SERVICE_URL), {
        ...init,
        headers,
        signal: init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      this.logger.error(`svc-media unreachable on ${init.method ?? 'GET'} ${path}: ${(error as Error).message}`);
      throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, 'The media service is not reachable');
    }
    if (res.ok) return res;
    const body = await res.text().catch(() => '');
    if (res.status === 404) throw new MediaNotFoundError(path);
    if (res.status === 401) throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Authentication required');
    this.logger.error(`svc-media answered ${res.status} on ${init.method ?? 'GET'} ${path}: ${body.slice(0, 300)}`);
    throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, `The media service failed (${res.status})`);
  }
}
