import type { Logger } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Agent, request, type Dispatcher } from 'undici';
import { BodyTooLargeError, readCappedChunks } from '../http/capped-body.js';
import { MediaUnavailableError } from './media-errors.js';

/** As much of a failure's answer as is read, for the log (a few hundred bytes of JSON or XML). */
const FAILURE_READ_BYTES = 64 * 1024;

/** Who answers at the other end, as the log lines and the errors name it. */
export interface Peer {
  /** At the start of a log line: `svc-media`, `Object storage`. */
  logged: string;
  /** In the error a caller sees: `media service`, `object storage`. */
  named: string;
}

/** A request's time (unless a call says otherwise) and the most of a success's answer that is read. */
export interface PeerLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

export type PeerRequest = Pick<Dispatcher.RequestOptions, 'method' | 'headers' | 'body'>;

/** An answer read whole: a success's bytes (at most MEDIA_MAX_RESPONSE_BYTES), or the start of anything else's. */
export interface PeerAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function succeeded(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * HTTP to the peers svc-generation's media depend on (svc-media, object storage at the presigned
 * URLs it hands out), with a timeout per request (the client's, or the call's, sending and
 * reading included), the caller's signal, and a cap on what is read (MEDIA_MAX_RESPONSE_BYTES).
 * Unreachable, too slow or cut off is a MediaUnavailableError (worth asking again), an answer over
 * the cap a 503 that is not; what any other status means is the caller's to say.
 *
 * Through undici's `request()` on one kept-alive Agent rather than fetch: fetch copies every Buffer
 * body it is given and reads and writes through web streams — CPU per model, and external-memory
 * copies for the GC to find (BENCHMARKS.md, issue 35). Here a body goes to the socket as it is (a
 * PNG's parts one after another under one Content-Length), and an answer is read from a Node stream
 * into one Buffer its Content-Length long. undici publishes the same diagnostics_channel events for
 * it as for fetch, so OpenTelemetry's undici instrumentation makes the same client span and sends the
 * same `traceparent`. A request ended while its body is being written (the timeout, the caller's
 * signal, the peer going away) rejects like any other: there is no web stream to hit
 * nodejs/undici#5715, fetch's uncatchable ERR_INVALID_STATE. Redirects are not followed: a 3xx is an
 * answer like any other.
 */
export class PeerHttp {
  /** Connections to the peer, kept open between requests. */
  private readonly agent = new Agent();
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(
    private readonly peer: Peer,
    limits: PeerLimits,
    private readonly logger: Pick<Logger, 'error'>,
  ) {
    this.timeoutMs = limits.timeoutMs;
    this.maxResponseBytes = limits.maxResponseBytes;
  }

  /**
   * One request and its answer read whole. `doing` says what it was in the log lines (never the URL,
   * which may grant access). The caller's signal aborting rejects with its reason, unlogged.
   */
  async read(url: string | URL, init: PeerRequest, doing: string, signal?: AbortSignal, timeoutMs = this.timeoutMs): Promise<PeerAnswer> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const res = await request(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout, dispatcher: this.agent });
      if (!succeeded(res.statusCode)) return await this.failure(res);
      return { status: res.statusCode, headers: res.headers, body: await readCappedChunks(res.body, Number(res.headers['content-length'] ?? NaN), this.maxResponseBytes) };
    } catch (error) {
      throw this.unreached(error, doing, signal);
    }
  }

  /**
   * One request whose successful answer is left as a stream, at its reader's pace and not capped
   * (destroying it ends the download); `timeoutMs` bounds the wait for the answer, not its body.
   * Any other answer is read as `read` reads it.
   */
  async open(url: string | URL, init: PeerRequest, doing: string, timeoutMs = this.timeoutMs): Promise<Readable | PeerAnswer> {
    const answered = new AbortController();
    const timer = setTimeout(() => answered.abort(new Error(`${this.peer.logged} did not answer in time`)), timeoutMs);
    try {
      const res = await request(url, { ...init, signal: answered.signal, dispatcher: this.agent });
      return succeeded(res.statusCode) ? res.body : await this.failure(res);
    } catch (error) {
      throw this.unreached(error, doing);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Logs an answer that is not a success and throws: worth asking again (a MediaUnavailableError) or not (a 503 saying what was answered). */
  failed(answer: PeerAnswer, doing: string, retryable: boolean): never {
    const start = answer.body.toString('utf8', 0, 300);
    this.logger.error(`${this.peer.logged} answered ${answer.status} ${doing}: ${start}`);
    if (retryable) throw new MediaUnavailableError(`The ${this.peer.named} failed (${answer.status})`);
    throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, `The ${this.peer.named} failed (${answer.status}): ${start}`);
  }

  /** A failure's status and the start of its answer (none when it cannot be read); the rest is not read. */
  private async failure(res: Dispatcher.ResponseData): Promise<PeerAnswer> {
    return { status: res.statusCode, headers: res.headers, body: await readCappedChunks(res.body, NaN, FAILURE_READ_BYTES).catch(() => Buffer.alloc(0)) };
  }

  /** What to throw when a request failed before its answer was read: the caller's own abort as it is. */
  private unreached(error: unknown, doing: string, signal?: AbortSignal): unknown {
    if (signal?.aborted) return error;
    if (error instanceof BodyTooLargeError) {
      this.logger.error(`${this.peer.logged} answered ${doing} with a ${error.message}`);
      return new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, `The ${this.peer.named} failed (${error.message})`);
    }
    this.logger.error(`${this.peer.logged} unreachable ${doing}: ${(error as Error).message}`);
    return new MediaUnavailableError(`The ${this.peer.named} is not reachable`);
  }
}
