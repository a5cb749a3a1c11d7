import type { Logger } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { Readable } from 'node:stream';
import { Agent, request, type Dispatcher } from 'undici';
import type { GenerationConfig } from '../config/generation.config.js';
import { BodyTooLargeError, readCappedChunks } from '../http/capped-body.js';
import { MediaNotFoundError, MediaUnavailableError } from './media-http.js';

/** As much of a failure's answer as is read (object storage's are a few hundred bytes of XML). */
const FAILURE_READ_BYTES = 64 * 1024;

/**
 * HTTP to object storage at the presigned URLs svc-media hands a worker (http or https, as the URL
 * says), with a timeout per request (MEDIA_TIMEOUT_MS, sending and reading included) and a cap on
 * what is read (MEDIA_MAX_RESPONSE_BYTES).
 *
 * Through undici's `request()` rather than fetch: fetch copies every Buffer body it is given and
 * reads and writes through web streams — CPU per model, and external-memory copies of every PNG
 * for the GC to find (BENCHMARKS.md, issue 35). Here a body's parts go to the socket as they are,
 * one after another under one Content-Length, and an answer is read from a Node stream into one
 * Buffer its Content-Length long. undici publishes the same diagnostics_channel events for it as
 * for fetch, so OpenTelemetry's undici instrumentation makes the same client span and sends the
 * same `traceparent`. A request ended while its body is being written (the timeout, the caller's
 * signal, storage going away) rejects like any other: there is no web stream to hit
 * nodejs/undici#5715, fetch's uncatchable ERR_INVALID_STATE.
 */
export class ObjectStorageHttp {
  /** Connections to object storage, kept open between a worker's reads and writes. */
  private readonly agent = new Agent();
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(
    config: Pick<GenerationConfig, 'MEDIA_TIMEOUT_MS' | 'MEDIA_MAX_RESPONSE_BYTES'>,
    private readonly logger: Pick<Logger, 'error'>,
  ) {
    this.timeoutMs = config.MEDIA_TIMEOUT_MS;
    this.maxResponseBytes = config.MEDIA_MAX_RESPONSE_BYTES;
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

  /**
   * One request, its answer's bytes when it succeeded: unreachable, failing or too slow is a
   * MediaUnavailableError (worth asking again), an object that is not there (`missing` names it) a
   * MediaNotFoundError, an answer over the cap a 503 not worth asking again. The caller's signal
   * aborting rejects with its reason. The URL itself is never logged (it grants access while it is good).
   */
  private async request(url: string, init: Pick<Dispatcher.RequestOptions, 'method' | 'headers' | 'body'>, doing: string, signal?: AbortSignal, missing?: string): Promise<Buffer> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let status: number;
    let body: Buffer;
    try {
      const res = await request(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout, dispatcher: this.agent });
      status = res.statusCode;
      const declared = Number(res.headers['content-length'] ?? NaN);
      const ok = status >= 200 && status < 300;
      body = ok ? await readCappedChunks(res.body, declared, this.maxResponseBytes) : await readCappedChunks(res.body, NaN, FAILURE_READ_BYTES).catch(() => Buffer.alloc(0));
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof BodyTooLargeError) {
        this.logger.error(`Object storage answered ${doing} with a ${error.message}`);
        throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, `The object storage failed (${error.message})`);
      }
      this.logger.error(`Object storage unreachable ${doing}: ${(error as Error).message}`);
      throw new MediaUnavailableError('The object storage is not reachable');
    }
    if (status >= 200 && status < 300) return body;
    if (status === 404 && missing) throw new MediaNotFoundError(missing);
    this.logger.error(`Object storage answered ${status} ${doing}: ${body.toString('utf8', 0, 300)}`);
    throw new MediaUnavailableError(`The object storage failed (${status})`);
  }
}
