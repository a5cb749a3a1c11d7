import type { Logger } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException, REQUEST_ID_HEADER, redactUrl } from '@vton/service-kit';
import { Readable } from 'node:stream';
import type { GenerationConfig } from '../config/generation.config.js';
import { MediaNotFoundError } from './media-errors.js';
import { PeerHttp, succeeded, type Peer, type PeerAnswer, type PeerRequest } from './peer-http.js';

const SVC_MEDIA: Peer = { logged: 'svc-media', named: 'media service' };

/**
 * HTTP to svc-media (MEDIA_SERVICE_URL) through PeerHttp (its timeout, cap and errors); the two
 * clients (the seller's, the worker's) differ only in the credential, the routes and how long they wait.
 */
export class MediaHttp {
  private readonly http: PeerHttp;

  constructor(
    private readonly config: Pick<GenerationConfig, 'MEDIA_SERVICE_URL' | 'MEDIA_MAX_RESPONSE_BYTES'>,
    timeoutMs: number,
    logger: Pick<Logger, 'error'>,
  ) {
    this.http = new PeerHttp(SVC_MEDIA, { timeoutMs, maxResponseBytes: config.MEDIA_MAX_RESPONSE_BYTES }, logger);
  }

  async json<T>(path: string, headers: Record<string, string>, timeoutMs?: number, signal?: AbortSignal): Promise<T> {
    return parsed(await this.request(path, { method: 'GET', headers }, signal, timeoutMs));
  }

  async postJson<T>(path: string, body: unknown, headers: Record<string, string>, signal?: AbortSignal): Promise<T> {
    return parsed(await this.request(path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }, signal));
  }

  /**
   * A file svc-media answers with its bytes, or with a redirect to a presigned GET of them (its
   * target), which the caller reads straight from object storage.
   */
  async file(path: string, headers: Record<string, string>, signal?: AbortSignal): Promise<Buffer | URL> {
    const url = this.url(path);
    const answer = await this.http.read(url, { method: 'GET', headers }, `on GET ${path}`, signal);
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && typeof location === 'string') return new URL(location, url);
    return this.checked(answer, 'GET', path).body;
  }

  /**
   * The bytes behind a signed svc-media URL (`/api/media/files/…?exp=&sig=`, the signature is the
   * permission), as a stream. The client's timeout bounds the wait for the answer, not the body, which
   * flows at the reader's pace; destroying the stream ends the download.
   */
  async stream(signedUrl: string): Promise<Readable> {
    // The signature is the permission: it is not written into the log.
    const logged = redactUrl(signedUrl);
    const opened = await this.http.open(this.url(signedUrl), { method: 'GET' }, `on GET ${logged}`);
    return opened instanceof Readable ? opened : this.refused(opened, 'GET', logged);
  }

  private async request(path: string, init: PeerRequest & { method: string }, signal?: AbortSignal, timeoutMs?: number): Promise<PeerAnswer> {
    return this.checked(await this.http.read(this.url(path), init, `on ${init.method} ${path}`, signal, timeoutMs), init.method, path);
  }

  private checked(answer: PeerAnswer, method: string, path: string): PeerAnswer {
    return succeeded(answer.status) ? answer : this.refused(answer, method, path);
  }

  /** 404 is a MediaNotFoundError, 401 the caller's, 5xx worth asking again; the rest is a 503 saying what svc-media answered. */
  private refused(answer: PeerAnswer, method: string, path: string): never {
    if (answer.status === 404) throw new MediaNotFoundError(path);
    if (answer.status === 401) throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Authentication required');
    return this.http.failed(answer, `on ${method} ${path}`, answer.status >= 500);
  }

  private url(path: string): URL {
    return new URL(path, this.config.MEDIA_SERVICE_URL);
  }
}

function parsed<T>(answer: PeerAnswer): T {
  return JSON.parse(answer.body.toString('utf8')) as T;
}

export function withRequestId(headers: Record<string, string>, requestId?: string): Record<string, string> {
  return requestId ? { ...headers, [REQUEST_ID_HEADER]: requestId } : headers;
}
