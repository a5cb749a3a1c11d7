import type { TryOnJob, TryOnJobModel, TryOnRunSummary } from './generation.js';

/**
 * API access (svc-auth README, "API keys"; svc-generation README, "Webhooks"): personal API keys
 * that call the same public routes as the browser, and signed webhooks when a try-on finishes.
 */

/** What a key may do. A route names the scope it needs; a key without it gets 403. */
export const API_KEY_SCOPES = ['try-on', 'gallery:read', 'gallery:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** How the API keys page explains each scope. */
export const API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'try-on': 'Upload garments and model photos, send masks, start try-on jobs, read their status and events, retry',
  'gallery:read': 'List and read saved results in the gallery',
  'gallery:write': 'Save results to the gallery and delete them',
};

/** Every key starts with this, so a leaked one is recognisable (and a secret scanner can find it). */
export const API_KEY_PREFIX = 'vtk_';
/** `vtk_` + 43 base64url characters (256 random bits). */
export const API_KEY_PATTERN = /^vtk_[A-Za-z0-9_-]{43}$/;
/** How many characters of a key stay visible after creation ("vtk_Ab12Cd34"). */
export const API_KEY_VISIBLE_CHARS = 12;
export const MAX_API_KEYS_PER_ACCOUNT = 20;
export const MAX_API_KEY_NAME_LENGTH = 64;

/** The browser-only routes that manage keys (a key can never reach them). */
export const API_KEYS_PATH = '/api/auth/api-keys';

/** One key as listed: never the key itself after creation, only its first characters. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  /** The first API_KEY_VISIBLE_CHARS characters of the key. */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** POST API_KEYS_PATH */
export interface CreateApiKeyRequest {
  name: string;
  scopes: ApiKeyScope[];
}

/** The answer of POST API_KEYS_PATH: the only time the whole key is shown. */
export interface CreatedApiKey extends ApiKeyRecord {
  key: string;
}

/** GET API_KEYS_PATH */
export interface ApiKeysResponse {
  keys: ApiKeyRecord[];
}

/**
 * Where every service asks svc-auth whether a key is good, counts the request against the key's
 * rate limit and gets a short-lived token to act for the key's owner on other services. Outside
 * /api: neither the gateway nor the ingress routes it, only the services call it.
 */
export const API_KEY_AUTHORIZE_PATH = '/internal/auth/api-keys/authorize';

/** The request rate of one key: the state of its fixed window after this request was counted. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
  windowSeconds: number;
}

/** The answer of API_KEY_AUTHORIZE_PATH for a good key within its rate limit. */
export interface ApiKeyAuthorization {
  user: { id: number; email: string };
  keyId: string;
  scopes: ApiKeyScope[];
  /**
   * A token (ES256, 15 minutes, `sid` = the key's id, `scope` = its scopes) for calls made on the
   * key owner's behalf to other services, so they do not count against its rate limit again.
   */
  token: string;
  rateLimit: RateLimitState;
}

/** Minutes a key's onward token lives; a revoked key's id stays on the revocation list that long. */
export const API_KEY_TOKEN_MINUTES = 15;

export const API_KEY_ERRORS = {
  invalid: 'Invalid API key',
  revoked: 'This API key has been revoked',
  notAllowed: 'API keys cannot be used for this route; sign in to the studio instead',
  missingScope: (scopes: readonly string[]) => `This API key lacks the scope this route needs: ${scopes.join(' or ')}`,
  rateLimited: (limit: number, windowSeconds: number, retryAfter: number) =>
    `Rate limit exceeded: this API key may make ${limit} requests per ${windowSeconds} seconds. Try again in ${retryAfter} seconds`,
  tooMany: `An account can have at most ${MAX_API_KEYS_PER_ACCOUNT} API keys. Revoke one you no longer use first`,
  notFound: 'API key not found',
} as const;

/** The name of the rate-limit policy in the RateLimit and RateLimit-Policy headers. */
export const API_KEY_RATE_LIMIT_POLICY = 'api-key';

// ---------------------------------------------------------------------------------------------
// Webhooks

/** What a webhook endpoint can subscribe to (Standard Webhooks `type`). */
export const WEBHOOK_EVENT_TYPES = ['job.completed', 'job.failed', 'model.succeeded', 'model.failed', 'run.completed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The type of the "Send test event" delivery; it goes to the endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'job.completed': 'A try-on job finished with at least one result',
  'job.failed': 'A try-on job finished without any result',
  'model.succeeded': 'One model photo of a job has its result',
  'model.failed': 'One model photo of a job failed',
  'run.completed': 'A catalogue run has no cell left to run (with its counts)',
};

export const MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT = 5;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** Prefix of an endpoint's signing secret, as the Standard Webhooks specification names it. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The browser-only routes that manage webhook endpoints. */
export const WEBHOOKS_PATH = '/api/try-on/webhooks';

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event sent (or being sent) to one endpoint; retries keep its id (the `webhook-id`). */
export interface WebhookDeliveryRecord {
  id: string;
  endpointId: string;
  eventType: WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The HTTP status of the last answer; null when there was none (refused, timeout, connection). */
  lastResponseCode: number | null;
  /** Why the last attempt failed, in words. */
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  /** When the next attempt is due, while pending. */
  nextAttemptAt: string | null;
}

export interface WebhookEndpointRecord {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
  /** Set when the receiver answered 410 Gone: nothing more is sent to it. */
  disabledAt: string | null;
  /** The newest delivery, for the page's list. */
  lastDelivery: WebhookDeliveryRecord | null;
}

/** POST WEBHOOKS_PATH */
export interface CreateWebhookEndpointRequest {
  url: string;
  events: WebhookEventType[];
}

/** The answer of POST WEBHOOKS_PATH: the only time the signing secret is shown. */
export interface CreatedWebhookEndpoint extends WebhookEndpointRecord {
  secret: string;
}

export interface WebhookEndpointsResponse {
  endpoints: WebhookEndpointRecord[];
}

export interface WebhookDeliveriesResponse {
  deliveries: WebhookDeliveryRecord[];
}

export const WEBHOOK_ERRORS = {
  tooMany: `An account can have at most ${MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints. Delete one first`,
  notHttps: 'A webhook URL must start with https://',
  notHttpsLocal: 'A webhook URL must start with https:// (or http://localhost while running locally)',
  badUrl: 'Enter a full URL such as https://example.com/webhooks/vton',
  credentials: 'A webhook URL must not contain a user name or password',
  privateAddress: 'This URL points to a private, loopback or link-local address, which webhooks cannot reach',
  unresolvable: 'This host name does not resolve to any address',
  notFound: 'Webhook endpoint not found',
} as const;

/**
 * The body of every delivery (Standard Webhooks payload structure). `timestamp` is when the event
 * happened; the `webhook-timestamp` header is when this attempt was sent.
 */
export interface JobWebhookEvent {
  type: 'job.completed' | 'job.failed';
  timestamp: string;
  /** The whole job as `GET /api/try-on/jobs/{id}` answers it, results with signed URLs. */
  data: TryOnJob;
}

export interface ModelWebhookEvent {
  type: 'model.succeeded' | 'model.failed';
  timestamp: string;
  /** The model photo of the job that finished, with its result or its error; in a catalogue run, also the run and the cell. */
  data: { jobId: string; model: TryOnJobModel; runId?: string; cellId?: number };
}

export interface RunWebhookEvent {
  type: 'run.completed';
  timestamp: string;
  /** The run with its counts per state (read its cells with `GET /api/try-on/runs/{id}`). */
  data: TryOnRunSummary;
}

/** What "Send test event" delivers, to check an endpoint and its signature check. */
export interface TestWebhookEvent {
  type: typeof WEBHOOK_TEST_EVENT_TYPE;
  timestamp: string;
  data: { endpointId: string; message: string };
}

export type WebhookEvent = JobWebhookEvent | ModelWebhookEvent | RunWebhookEvent | TestWebhookEvent;
