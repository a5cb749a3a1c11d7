import { Injectable, Logger } from '@nestjs/common';
import type { GarmentRecord, GeneratedImageRecord, GeneratedImagesPage, ModelPhotoRecord } from '@vton/contracts';
import type { Readable } from 'node:stream';
import { GenerationConfig } from '../config/generation.config.js';
import { MediaHttp, withRequestId } from './media-http.js';

export { MediaNotFoundError, MediaUnavailableError } from './media-errors.js';

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
    // A seller is waiting for the answer: a frozen svc-media is a 503 of ours before the gateway's bound.
    this.http = new MediaHttp(config, config.SERVICE_CALL_TIMEOUT_MS, new Logger('MediaClient'));
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

  /** Saved results by id with freshly signed URLs, a hundred per call (ids that are not the seller's, or deleted, are left out). */
  async generatedImages(caller: Caller, ids: number[], timeoutMs?: number, signal?: AbortSignal): Promise<GeneratedImageRecord[]> {
    const pages: Promise<GeneratedImagesPage>[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_CALL) {
      pages.push(this.http.json(`/api/generated-images?ids=${ids.slice(i, i + IDS_PER_CALL).join(',')}`, headersOf(caller), timeoutMs, signal));
    }
    return (await Promise.all(pages)).flatMap((page) => page.images);
  }

  /** The bytes behind a signed svc-media URL, as a stream (MediaHttp.stream). */
  signedFile(signedUrl: string): Promise<Readable> {
    return this.http.stream(signedUrl);
  }
}

/** svc-media's list route signs at most this many saved results by id at once. */
const IDS_PER_CALL = 100;

function headersOf(caller: Caller): Record<string, string> {
  return withRequestId({ authorization: `Bearer ${caller.token}` }, caller.requestId);
}
