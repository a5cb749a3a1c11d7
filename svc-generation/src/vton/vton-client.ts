import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { GenerationConfig } from '../config/generation.config.js';
import { postSeedRequest, type SeedRequest } from '../providers/seed/seed-contract.js';
import { ModelTryOnError, vtonProcessingError } from '../try-on/try-on-errors.js';
import { Semaphore } from './semaphore.js';

/** The three 960×960 PNGs and the prompt of one VTON call (spec §7). */
export type VtonRequest = SeedRequest;

export interface VtonAnswer {
  image: Buffer;
  /** 1, or 2 when the one retry was needed. */
  attempts: number;
  /** Time spent in HTTP calls (and the backoff between them), for the overhead figures. */
  elapsedMs: number;
}

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
    return postSeedRequest(url, request, { timeoutMs: this.config.VTON_TIMEOUT_MS, maxResponseBytes: this.config.VTON_MAX_RESPONSE_BYTES, signal });
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
