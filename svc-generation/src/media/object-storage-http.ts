import type { Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { GenerationConfig } from '../config/generation.config.js';
import { MediaNotFoundError } from './media-errors.js';
import { PeerHttp, succeeded, type Peer, type PeerRequest } from './peer-http.js';

const OBJECT_STORAGE: Peer = { logged: 'Object storage', named: 'object storage' };

/**
 * HTTP to object storage at the presigned URLs svc-media hands a worker (http or https, as the URL
 * says), through PeerHttp (its timeout, cap and errors). The URL itself is never logged: it grants
 * access while it is good.
 */
export class ObjectStorageHttp {
  private readonly http: PeerHttp;

  constructor(config: Pick<GenerationConfig, 'MEDIA_TIMEOUT_MS' | 'MEDIA_MAX_RESPONSE_BYTES'>, logger: Pick<Logger, 'error'>) {
    this.http = new PeerHttp(OBJECT_STORAGE, { timeoutMs: config.MEDIA_TIMEOUT_MS, maxResponseBytes: config.MEDIA_MAX_RESPONSE_BYTES }, logger);
  }

  /** One object written to a presigned PUT URL, its parts one after another (never joined into one Buffer). */
  async put(url: string, parts: Buffer[], contentType: string, doing: string, signal?: AbortSignal): Promise<void> {
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    await this.request(
      url,
      // One part is written as it is; several as a stream of them (undici's request takes no list).
      { method: 'PUT', headers: { 'content-type': contentType, 'content-length': String(length) }, body: parts.length === 1 ? parts[0] : Readable.from(parts, { objectMode: false }) },
      doing,
      signal,
    );
  }

  /** One object read from a presigned GET URL, at most MEDIA_MAX_RESPONSE_BYTES of it; not there is a MediaNotFoundError naming `what`. */
  async get(url: string, what: string, signal?: AbortSignal): Promise<Buffer> {
    return this.request(url, { method: 'GET' }, `reading ${what}`, signal, what);
  }

  /** Any answer but a success is worth asking again (with a new URL: it may have expired), except an object not there (`missing` names it). */
  private async request(url: string, init: PeerRequest, doing: string, signal?: AbortSignal, missing?: string): Promise<Buffer> {
    const answer = await this.http.read(url, init, doing, signal);
    if (succeeded(answer.status)) return answer.body;
    if (answer.status === 404 && missing) throw new MediaNotFoundError(missing);
    return this.http.failed(answer, doing, true);
  }
}
