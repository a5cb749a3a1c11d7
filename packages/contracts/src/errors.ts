/**
 * The product's error shape: every service answers errors with this JSON body, and the
 * frontends turn a non-OK response into `${status}: ${bodyText}` (spec §8).
 */
export interface ApiErrorBody {
  statusCode: number;
  /** Stable machine-readable code, one of ErrorCode. */
  code: ErrorCode | string;
  /** Human-readable text, shown to the user where the spec says so. */
  message: string;
  /** Field-level problems of a 400; the frontends show the first one's message. */
  issues?: { path: string[]; message: string }[];
  /** The request id in the logs, to find this request again. */
  requestId?: string;
}

export const ErrorCode = {
  INVALID_INPUT: 'INVALID_INPUT',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  VTON_API_ERROR: 'VTON_API_ERROR',
  VTON_PROCESSING_ERROR: 'VTON_PROCESSING_ERROR',
  BATCH_VTON_FAILED: 'BATCH_VTON_FAILED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
