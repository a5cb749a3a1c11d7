import { Logger } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException, REQUEST_ID_HEADER } from '@vton/service-kit';
import { GenerationConfig } from '../config/generation.config.js';
import { BodyTooLargeError, readCappedBody } from '../http/capped-body.js';

/** svc-media answered 404: the garment, model or file does not exist (or is not this user's). */
export class MediaNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`svc-media has no ${path}`);
    this.name = 'MediaNotFoundError';
  }
}

/** svc-media could not be reached, or answered 5xx: worth trying again later. */
export class MediaUnavailableError extends ApiException {
  constructor(message: string) {
    super(503, ErrorCode.SERVICE_UNAVAILABLE, message);
  }
}

/**
 * HTTP to svc-media (MEDIA_SERVICE_URL) with a timeout per call and a cap on what is read; the
 * two clients (the seller's, the worker's) differ only in the credential and the routes.
 */
export class MediaHttp {
  constructor(
    private readonly config: GenerationConfig,
    private readonly logger: Logger,
  ) {}

  async json<T>(path: string, headers: Record<string, string>, timeoutMs?: number, signal?: AbortSignal): Promise<T> {
    const res = await this.call(path, { headers, signal }, timeoutMs);
    return JSON.parse((await this.body(res, path)).toString('utf8')) as T;
  }

  async bytes(path: string, headers: Record<string, string>, signal?: AbortSignal): Promise<Buffer> {
    return this.body(await this.call(path, { headers, signal }), path);
  }

  /** The answer's bytes, at most MEDIA_MAX_RESPONSE_BYTES of them (they are held in memory). */
  async body(res: Response, path: string): Promise<Buffer> {
    try {
      return await readCappedBody(res, this.config.MEDIA_MAX_RESPONSE_BYTES);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      this.logger.error(`svc-media answered ${path} with a ${error.message}`);
      throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, `The media service failed (${error.message})`);
    }
  }

  async call(path: string, init: RequestInit & { headers: Record<string, string> }, timeoutMs = this.config.MEDIA_TIMEOUT_MS): Promise<Response> {
    let res: Response;
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      res = await fetch(new URL(path, this.config.MEDIA_SERVICE_URL), { ...init, signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      this.logger.error(`svc-media unreachable on ${init.method ?? 'GET'} ${path}: ${(error as Error).message}`);
      throw new MediaUnavailableError('The media service is not reachable');
    }
    if (res.ok) return res;
    const body = await res.text().catch(() => '');
    if (res.status === 404) throw new MediaNotFoundError(path);
    if (res.status === 401) throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Authentication required');
    this.logger.error(`svc-media answered ${res.status} on ${init.method ?? 'GET'} ${path}: ${body.slice(0, 300)}`);
    if (res.status >= 500) throw new MediaUnavailableError(`The media service failed (${res.status})`);
    throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, `The media service failed (${res.status}): ${body.slice(0, 300)}`);
  }
}

export function withRequestId(headers: Record<string, string>, requestId?: string): Record<string, string> {
  return requestId ? { ...headers, [REQUEST_ID_HEADER]: requestId } : headers;
}
