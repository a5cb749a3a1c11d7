import { Injectable } from '@nestjs/common';
import { TARGET_IMAGE_SIZE, VTON_FIELDS } from '@vton/contracts';
import { GenerationConfig } from '../config/generation.config.js';
import { BodyTooLargeError, readCappedBody } from '../http/capped-body.js';
import { ModelTryOnError, vtonApiError, vtonProcessingError } from '../try-on/try-on-errors.js';
import type { TryOnProvider, VtonAnswer, VtonRequest } from './try-on-provider.js';

const MAX_ERROR_BODY = 500;

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
