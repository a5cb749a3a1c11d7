import { Injectable, Logger } from '@nestjs/common';
import type { GarmentRecord, GeneratedImageRecord, ModelPhotoRecord } from '@vton/contracts';
import { GenerationConfig } from '../config/generation.config.js';
import { MediaHttp, withRequestId } from './media-http.js';

export { MediaNotFoundError, MediaUnavailableError } from './media-http.js';

/** A seller on whose behalf the API calls svc-media: their own Bearer token, and the request id for the logs. */
export interface Caller {
  userId: number;
  token: string;
  requestId?: string;
}

/**
 * svc-media's public routes, called by the API with the seller's own token, so svc-media checks
 * ownership exactly as for the browser's calls: the checks before a job is queued (§5) and the
 * re-signing of saved results. The workers use WorkerMediaClient instead.
 */
@Injectable()
export class MediaClient {
  private readonly http: MediaHttp;

  constructor(config: GenerationConfig) {
    this.http = new MediaHttp(config, new Logger('MediaClient'));
  }

  getGarment(caller: Caller, garmentId: number): Promise<GarmentRecord> {
    return this.http.json(`/api/garments/${garmentId}`, headersOf(caller));
  }

  listModels(caller: Caller): Promise<ModelPhotoRecord[]> {
    return this.http.json('/api/models', headersOf(caller));
  }

  /**
   * A saved gallery image with freshly signed URLs (a stored try-on result's links expire).
   * `signal` abandons the call early (the reader went away).
   */
  getGeneratedImage(caller: Caller, imageId: number, timeoutMs?: number, signal?: AbortSignal): Promise<GeneratedImageRecord> {
    return this.http.json(`/api/generated-images/${imageId}`, headersOf(caller), timeoutMs, signal);
  }
}

function headersOf(caller: Caller): Record<string, string> {
  return withRequestId({ authorization: `Bearer ${caller.token}` }, caller.requestId);
}
