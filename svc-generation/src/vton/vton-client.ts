import { Injectable } from '@nestjs/common';
import { GenerationConfig } from '../config/generation.config.js';
import { postSeedRequest } from '../providers/seed/seed-contract.js';
import { ModelTryOnError, vtonProcessingError } from '../try-on/try-on-errors.js';
import type { TryOnProvider, VtonAnswer, VtonRequest } from './try-on-provider.js';

/**
 * The VTON service (VTON_API_URL): the one place that speaks its HTTP contract (spec §7). One call
 * per model run, with its own timeout (body included) and a cap on the answer's size; a timeout,
 * a 5xx or a broken connection is marked retryable (the queue runs the model again), a 4xx or an
 * answer that is not an image is not — it would only fail the same way again.
 */
@Injectable()
export class VtonClient implements TryOnProvider {
  readonly name = 'vton';

  constructor(private readonly config: GenerationConfig) {}

  get isConfigured(): boolean {
    return Boolean(this.config.VTON_API_URL);
  }

  async tryOn(request: VtonRequest, options: { signal?: AbortSignal } = {}): Promise<VtonAnswer> {
    const started = performance.now();
    try {
      const image = await this.attempt(request, options.signal);
      return { image, elapsedMs: performance.now() - started };
    } catch (error) {
      throw this.explain(error, options.signal);
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
