import { ErrorCode } from '@vton/contracts';

/**
 * Why one model's try-on failed, with spec §8's code and message. `retryable` says whether the
 * VTON client may make its one retry (timeout, 5xx, broken connection — never a 4xx).
 */
export class ModelTryOnError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'ModelTryOnError';
  }

  toJSON(): { code: string; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** §8 "Service failure": the VTON service answered with a non-success status. */
export function vtonApiError(status: number, statusText: string, body: string): ModelTryOnError {
  return new ModelTryOnError(ErrorCode.VTON_API_ERROR, `VTON API request failed: ${status} ${statusText}. ${body}`, status >= 500);
}

/** §8 "Other failures". */
export function vtonProcessingError(message: string, retryable = false): ModelTryOnError {
  return new ModelTryOnError(ErrorCode.VTON_PROCESSING_ERROR, `Failed to process VTON request: ${message}`, retryable);
}

/** Any thrown value as a model failure: ours as they are, anything else as a processing error. */
export function asModelTryOnError(error: unknown): ModelTryOnError {
  if (error instanceof ModelTryOnError) return error;
  return vtonProcessingError((error as Error)?.message || String(error));
}
