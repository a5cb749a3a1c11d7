import { Injectable, Logger } from '@nestjs/common';
import { TARGET_IMAGE_SIZE, VTON_FIELDS } from '@vton/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { GenerationConfig } from '../config/generation.config.js';
import { BodyTooLargeError, readCappedBody } from '../http/capped-body.js';
import { ModelTryOnError, vtonApiError, vtonProcessingError } from '../try-on/try-on-errors.js';
import { Semaphore } from './semaphore.js';

/** The three 960×960 PNGs and the prompt of one VTON call (spec §7). */
export interface VtonRequest {
  prompt: string;
  /** The model photo's crop, fitted on white. */
  target: Buffer;
  /** The cropped garment. */
  reference: Buffer;
  /** The processed mask, fitted on black. */
  mask: Buffer;
}

export interface VtonAnswer {
  image: Buffer;
  /** 1, or 2 when the one retry was needed. */
  attempts: number;
  /** Time spent in HTTP calls (and the backoff between them), for the overhead figures. */
  elapsedMs: number;
}

const MAX_ERROR_BODY = 500;

/**
 * The VTON service (VTON_API_URL): the one place that speaks its HTTP contract. Calls are
 * capped process-wide (VTON_CONCURRENCY), each attempt has its own timeout, and one retry
 * with jittered backoff follows a timeout, a 5xx or a broken connection — never a 4xx,
 * which would only fail the same way again.
 */
@Injectable()
export class VtonClient {
  private readonly logger = new Logger('VtonClient');
  private readonly slots: Semaphore;

  constructor(private readonly config: GenerationConfig) {
    this.slots = new Semaphore(config.VTON_CONCURRENCY);
  }

  get isConfigured(): boolean {
    return Boolean(this.config.VTON_API_URL);
  }

  /** Calls in flight right now (tests and benchmarks check the cap with it). */
  get inFlight(): number {
    return this.slots.inUse;
  }

  /** `onAttempt` runs when an attempt gets its slot, i.e. when the model is really being worked on. */
  async tryOn(request: VtonRequest, options: { signal?: AbortSignal; onAttempt?: (attempt: number) => void } = {}): Promise<VtonAnswer> {
    const { signal, onAttempt } = options;
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      try {
        const image = await this.slots.run(() => {
          onAttempt?.(attempt);
          return this.attempt(request, signal);
        }, signal);
        return { image, attempts: attempt, elapsedMs: performance.now() - started };
      } catch (error) {
        const failure = this.explain(error, signal);
        if (attempt >= 2 || !failure.retryable || signal?.aborted) throw failure;
        const pause = Math.round(this.config.VTON_RETRY_BACKOFF_MS * (0.5 + Math.random()));
        this.logger.warn(`VTON attempt ${attempt} failed (${failure.message}); retrying in ${pause} ms`);
        await sleep(pause, undefined, { signal }).catch(() => undefined);
      }
    }
  }

  private async attempt(request: VtonRequest, signal?: AbortSignal): Promise<Buffer> {
    const url = this.config.VTON_API_URL;
    if (!url) throw vtonProcessingError('VTON_API_URL is not configured');
    const form = new FormData();
    form.set(VTON_FIELDS.prompt, request.prompt);
    form.set(VTON_FIELDS.width, String(TARGET_IMAGE_SIZE));
    form.set(VTON_FIELDS.height, String(TARGET_IMAGE_SIZE));
    const png = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });
    form.set(VTON_FIELDS.targetImage.field, png(request.target), VTON_FIELDS.targetImage.filename);
    form.set(VTON_FIELDS.referenceImage.field, png(request.reference), VTON_FIELDS.referenceImage.filename);
    form.set(VTON_FIELDS.maskImage.field, png(request.mask), VTON_FIELDS.maskImage.filename);

    // The timeout covers the whole exchange, body included: a service that sends headers and
    // then stalls is abandoned as surely as one that never answers.
    const timeout = AbortSignal.timeout(this.config.VTON_TIMEOUT_MS);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const response = await fetch(url, { method: 'POST', body: form, signal: combined });
    if (!response.ok) {
      const body = (await response.text().catch(() => '')).slice(0, MAX_ERROR_BODY);
      throw vtonApiError(response.status, response.statusText, body);
    }
    // The answer is held in memory: a runaway one is cut off at VTON_MAX_RESPONSE_BYTES.
    let image: Buffer;
    try {
      image = await readCappedBody(response, this.config.VTON_MAX_RESPONSE_BYTES);
    } catch (error) {
      // Not retried: the service did answer, and would answer the same again.
      if (error instanceof BodyTooLargeError) throw vtonProcessingError(error.message);
      throw error;
    }
    if (image.length === 0) throw vtonProcessingError('the VTON service answered with an empty body');
    return image;
  }

  private explain(error: unknown, signal?: AbortSignal): ModelTryOnError {
    if (error instanceof ModelTryOnError) return error;
    const err = error as Error & { cause?: { code?: string; message?: string } };
    if (signal?.aborted) return vtonProcessingError('the request was cancelled');
    if (err?.name === 'TimeoutError') {
      return vtonProcessingError(`the VTON service did not answer within ${this.config.VTON_TIMEOUT_MS} ms`, true);
    }
    // undici reports refused/reset connections as "fetch failed" with the socket error as cause.
    const cause = err?.cause?.code ?? err?.cause?.message;
    return vtonProcessingError(cause ? `${err.message} (${cause})` : err?.message || String(error), true);
  }
}
