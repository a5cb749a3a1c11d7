import { ErrorCode } from '@vton/contracts';

/**
 * Why one model's try-on failed, with spec §8's code and message. `retryable` says whether the
 * VTON client may make its one retry (timeout, 5xx, broken connection — never a 4xx).
 */
export class ModelTryOnError extends Error {
  /** The provider's HTTP status, when it answered with an error. */
  readonly status?: number;
  /**
   * How long the provider asked us to wait (its Retry-After, on a 429 or 503). The caller counts
   * the wait against the fleet-wide VTON limit instead of retrying at once.
   */
  readonly retryAfterMs?: number;

  constructor(
    readonly code: string,
    message: string,
    readonly retryable = false,
    details: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'ModelTryOnError';
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }

  toJSON(): { code: string; message: string } {
    return { code: this.code, message: this.message };
  }
}

/**
 * §8 "Service failure": the VTON service answered with a non-success status. A 429 (rate limit)
 * and a 5xx may be retried; `retryAfterMs` carries the provider's Retry-After when it sent one.
 */
export function vtonApiError(status: number, statusText: string, body: string, retryAfterMs?: number): ModelTryOnError {
  return new ModelTryOnError(ErrorCode.VTON_API_ERROR, `VTON API request failed: ${status} ${statusText}. ${body}`, status >= 500 || status === 429, {
    status,
    retryAfterMs,
  });
}

/** §8 "Other failures". */
export function vtonProcessingError(message: string, retryable = false): ModelTryOnError {
  return new ModelTryOnError(ErrorCode.VTON_PROCESSING_ERROR, `Failed to process VTON request: ${message}`, retryable);
}

/**
 * §8 "Other failures" when the engine refused the request for safety (its moderation flagged the
 * photo, the product or the prompt): never retried, it would refuse again. `reason` is the engine's own.
 */
export function safetyRefusal(engine: string, reason: string): ModelTryOnError {
  return vtonProcessingError(`${engine} refused to place the product for safety reasons (${reason})`);
}

/**
 * Our own media service or its object storage stayed unavailable for the job's time limit
 * (MEDIA_RETRY_MS): not the try-on service's failure, so it carries SERVICE_UNAVAILABLE, not a §8 VTON code.
 */
export function mediaUnavailableError(message: string): ModelTryOnError {
  return new ModelTryOnError(ErrorCode.SERVICE_UNAVAILABLE, `Our media storage is temporarily unavailable (${message}); retry this model in a moment`);
}

/** Any thrown value as a model failure: ours as they are, anything else as a processing error. */
export function asModelTryOnError(error: unknown): ModelTryOnError {
  if (error instanceof ModelTryOnError) return error;
  return vtonProcessingError((error as Error)?.message || String(error));
}
