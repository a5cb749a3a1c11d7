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
  /** 504 from the gateway: the app was reached but had not begun answering within the gateway's bound. */
  GATEWAY_TIMEOUT: 'GATEWAY_TIMEOUT',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  VTON_API_ERROR: 'VTON_API_ERROR',
  VTON_PROCESSING_ERROR: 'VTON_PROCESSING_ERROR',
  BATCH_VTON_FAILED: 'BATCH_VTON_FAILED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * What a 503 SERVICE_UNAVAILABLE says: a dependency (database, object storage, another service)
 * is down for the moment. It always comes with Retry-After; the frontends show their own
 * "temporarily unavailable" text for it.
 */
export const SERVICE_UNAVAILABLE_MESSAGE = 'A service this request needs is temporarily unavailable. Please try again in a moment.';
/** Seconds a 503's Retry-After asks the caller to wait. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * How long a service waits by default for another of ours before it answers 503
 * (SERVICE_CALL_TIMEOUT_MS); `npm start` shortens it to fit within the gateway's bound.
 */
export const DEFAULT_SERVICE_CALL_TIMEOUT_MS = 10_000;

/** What the studio and the gallery show when the API answers 503 (or cannot be reached). */
export const TEMPORARILY_UNAVAILABLE = {
  title: 'Temporarily unavailable',
  description: 'The studio is temporarily unavailable. Please try again in a moment.',
} as const;

/**
 * Largest id a record can have: every id column is a Postgres `integer`/`serial`. Ids are
 * checked against it once, where they enter a service; beyond it nothing can exist.
 */
export const MAX_RECORD_ID = 2_147_483_647;

/** Bounds of any JSON a service accepts: how deep it may nest, and a saved image's metadata size. */
export const MAX_JSON_DEPTH = 32;
export const MAX_METADATA_BYTES = 16 * 1024;
