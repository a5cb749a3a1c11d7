import { setTimeout as sleep } from 'node:timers/promises';
import type { GenerationConfig } from '../config/generation.config.js';
import { BodyTooLargeError, readCappedBody } from '../http/capped-body.js';
import { ModelTryOnError, vtonApiError, vtonProcessingError } from '../errors/try-on-errors.js';

/** Longest provider error body quoted in a §8 message. */
const MAX_ERROR_BODY = 500;
/** What a JSON answer holds besides an inline image (status fields, file metadata). */
const JSON_ENVELOPE_BYTES = 64 * 1024;
/** Most of an error answer read: only its first MAX_ERROR_BODY characters are quoted. */
const MAX_ERROR_READ_BYTES = 64 * 1024;

/**
 * What bounds each call of a provider, the same for every provider (the variables are fleet-wide):
 * VTON_TIMEOUT_MS for the whole call, VTON_MAX_RESPONSE_BYTES for the image it reads back — downloaded,
 * or inline in a JSON answer (jsonCap).
 */
export interface CallLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

export function callLimits(config: Pick<GenerationConfig, 'VTON_TIMEOUT_MS' | 'VTON_MAX_RESPONSE_BYTES'>): CallLimits {
  return { timeoutMs: config.VTON_TIMEOUT_MS, maxResponseBytes: config.VTON_MAX_RESPONSE_BYTES };
}

/**
 * The most of a JSON answer (a submit, a status, a result) that is read: an image of up to
 * `maxResponseBytes` inline as base64 (FASHN's `return_base64`, fal's `sync_mode`, Vertex's
 * `bytesBase64Encoded`) and the JSON around it. A larger answer fails the model like a larger download.
 */
export function jsonCap(maxResponseBytes: number): number {
  return Math.ceil(maxResponseBytes / 3) * 4 + JSON_ENVELOPE_BYTES;
}

/** A configured API base without its trailing slashes, so `${base}/path` joins with one. */
export function apiBase(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * One provider call's context: who is called (for messages), the deadline covering the whole call
 * (submit, queue, polling, download), the caller's signal, and the secrets that must never appear
 * in a message (a provider that echoes the key back would otherwise put it in the job's error).
 */
export class ProviderCall {
  readonly signal: AbortSignal;
  private readonly deadline: AbortSignal;
  readonly started = performance.now();
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  private readonly maxJsonBytes: number;

  constructor(
    readonly label: string,
    limits: CallLimits,
    private readonly secrets: (string | undefined)[],
    readonly callerSignal?: AbortSignal,
  ) {
    this.timeoutMs = limits.timeoutMs;
    this.maxResponseBytes = limits.maxResponseBytes;
    this.maxJsonBytes = jsonCap(limits.maxResponseBytes);
    this.deadline = AbortSignal.timeout(this.timeoutMs);
    this.signal = callerSignal ? AbortSignal.any([callerSignal, this.deadline]) : this.deadline;
  }

  get elapsedMs(): number {
    return performance.now() - this.started;
  }

  /** The message with every secret blotted out. */
  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
    return out;
  }

  /** fetch within the call's deadline; a network failure or the deadline becomes a §8 processing error. */
  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: this.signal });
    } catch (error) {
      throw this.explain(error);
    }
  }

  /** A non-success answer as §8's VTON_API_ERROR, with the provider's message and its Retry-After. */
  async failIfNotOk(response: Response, messageOf: (body: string) => string = (body) => body): Promise<Response> {
    if (response.ok) return response;
    const raw = await this.errorText(response);
    const body = this.redact(messageOf(raw)).slice(0, MAX_ERROR_BODY);
    throw vtonApiError(response.status, response.statusText, body, parseRetryAfter(response.headers.get('retry-after')));
  }

  /** An error answer's text, read up to a cap (a runaway error page is not held in memory). */
  async errorText(response: Response): Promise<string> {
    // Too large or cut off: the status alone says what happened.
    return (await readCappedBody(response, MAX_ERROR_READ_BYTES).catch(() => Buffer.alloc(0))).toString('utf8');
  }

  /** A JSON answer, read up to jsonCap; anything else (garbage, a cut-off or larger body) is a processing error, not retried. */
  async json<T>(response: Response): Promise<T> {
    let text: string;
    try {
      text = (await readCappedBody(response, this.maxJsonBytes)).toString('utf8');
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw vtonProcessingError(`${this.label} answered with a ${error.message}`);
      throw this.explain(error);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw vtonProcessingError(`${this.label} answered with a body that is not JSON: ${this.redact(text.slice(0, 120))}`);
    }
  }

  /** The bytes of an image the provider returned: a data: URI, or a URL (downloaded, capped). */
  async image(reference: unknown): Promise<Buffer> {
    if (typeof reference !== 'string' || !reference) throw vtonProcessingError(`${this.label} answered without an image`);
    if (reference.startsWith('data:')) {
      const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(reference);
      if (!match || !match[2]) throw vtonProcessingError(`${this.label} answered with an image data URI that is not base64`);
      return Buffer.from(match[3], 'base64');
    }
    let url: URL;
    try {
      url = new URL(reference);
    } catch {
      throw vtonProcessingError(`${this.label} answered with an image reference that is not a URL`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw vtonProcessingError(`${this.label} answered with an image URL that is not http(s)`);
    const response = await this.fetch(url);
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw vtonProcessingError(`downloading the image from ${this.label} failed with ${response.status} ${response.statusText}`, response.status >= 500);
    }
    try {
      return await readCappedBody(response, this.maxResponseBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw vtonProcessingError(error.message);
      throw this.explain(error);
    }
  }

  /** Waits between polls, within the deadline. */
  async pause(ms: number): Promise<void> {
    try {
      await sleep(ms, undefined, { signal: this.signal });
    } catch (error) {
      throw this.explain(error);
    }
  }

  /** Any thrown value as this call's §8 error: the caller's cancellation, the deadline, a broken connection. */
  explain(error: unknown): ModelTryOnError {
    if (error instanceof ModelTryOnError) return error;
    if (this.callerSignal?.aborted) return vtonProcessingError('the request was cancelled');
    if (this.deadline.aborted) return vtonProcessingError(`${this.label} did not finish within ${this.timeoutMs} ms`, true);
    const err = error as Error & { cause?: { code?: string; message?: string } };
    const cause = err?.cause?.code ?? err?.cause?.message;
    const message = err?.message || String(error);
    return vtonProcessingError(this.redact(cause ? `${message} (${cause})` : message), true);
  }
}

/**
 * Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when
 * absent or unreadable. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** The message `pick` finds in a JSON error body (providers nest it differently); the raw text when there is none. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an error body is untyped JSON; `pick` reads its provider's shape
export function jsonMessage(raw: string, pick: (body: any) => unknown): string {
  try {
    const found = pick(JSON.parse(raw));
    if (typeof found === 'string' && found) return found;
    if (found !== undefined && found !== null) return JSON.stringify(found);
  } catch {
    // Not JSON: the raw text is the message.
  }
  return raw;
}
