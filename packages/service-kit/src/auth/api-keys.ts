import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  API_KEY_AUTHORIZE_PATH,
  API_KEY_ERRORS,
  API_KEY_RATE_LIMIT_POLICY,
  API_KEY_SCOPES,
  ErrorCode,
  type ApiKeyAuthorization,
  type RateLimitState,
} from '@vton/contracts';
import type { Response } from 'express';
import type { ServiceConfig } from '../config/service-config.js';
import { ApiException } from '../errors/api-exception.js';
import { authServiceCall, type AuthServiceCall } from './auth-service-call.js';
import { SERVICE_CONFIG } from '../tokens.js';

export const API_KEY_VERIFIER = Symbol('API_KEY_VERIFIER');

/**
 * Checks a personal API key for one request: that it exists and is not revoked, and counts the
 * request against the key's rate limit. Throws 401 for an unknown or revoked key, 403 when the
 * account's plan does not include API keys, ApiKeyRateLimited (429) over the limit, 503 when it cannot be checked.
 */
export interface ApiKeyVerifier {
  authorize(key: string): Promise<ApiKeyAuthorization>;
}

export const API_KEYS_UNAVAILABLE_MESSAGE = 'Your API key cannot be checked right now. Please try again in a moment.';

/** Over the key's request rate: 429 with the window's state, which the guard turns into headers. */
export class ApiKeyRateLimited extends ApiException {
  constructor(readonly rateLimit: RateLimitState) {
    super(429, ErrorCode.TOO_MANY_REQUESTS, API_KEY_ERRORS.rateLimited(rateLimit.limit, rateLimit.windowSeconds, rateLimit.resetSeconds), {
      details: { retryAfterSeconds: rateLimit.resetSeconds, rateLimit },
    });
  }
}

/**
 * The RateLimit-Policy and RateLimit fields of the IETF draft "RateLimit header fields for HTTP"
 * (draft-ietf-httpapi-ratelimit-headers): the policy (quota q per window w seconds) and what is
 * left of it (r) until the window starts again (t seconds).
 */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const policy = `"${API_KEY_RATE_LIMIT_POLICY}"`;
  return {
    'RateLimit-Policy': `${policy};q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `${policy};r=${state.remaining};t=${state.resetSeconds}`,
  };
}

export function setRateLimitHeaders(res: Response, state: RateLimitState, limited: boolean): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(state))) res.setHeader(name, value);
  if (limited) res.setHeader('Retry-After', String(state.resetSeconds));
}

/**
 * svc-auth's answer for a key, asked on every request made with one (API_KEY_AUTHORIZE_PATH next
 * to the JWKS): so a revoked key stops at once on every service, and the rate limit is one count
 * per key across all services and replicas. The key travels only in the body, never in a URL.
 */
@Injectable()
export class RemoteApiKeyVerifier implements ApiKeyVerifier {
  private readonly logger = new Logger('ApiKeys');
  private readonly authorizeCall: AuthServiceCall;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.authorizeCall = authServiceCall(config, API_KEY_AUTHORIZE_PATH);
  }

  async authorize(key: string): Promise<ApiKeyAuthorization> {
    const { url, timeoutMs } = this.authorizeCall;
    let res: globalThis.Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ key }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      this.logger.warn(`Could not reach ${url.origin} to check an API key: ${(error as Error).message}`);
      throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, API_KEYS_UNAVAILABLE_MESSAGE);
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.status === 200 && isAuthorization(body)) return body;
    if (res.status === 401) {
      throw new ApiException(401, ErrorCode.UNAUTHORIZED, typeof body?.message === 'string' ? body.message : API_KEY_ERRORS.invalid);
    }
    // The key is good but its account's plan no longer includes API keys (403 PLAN_REQUIRED, as svc-auth said it).
    if (res.status === 403 && typeof body?.code === 'string' && typeof body?.message === 'string') throw new ApiException(403, body.code, body.message);
    const rateLimit = (body?.details as { rateLimit?: RateLimitState } | undefined)?.rateLimit;
    if (res.status === 429 && rateLimit) throw new ApiKeyRateLimited(rateLimit);
    this.logger.warn(`${url.origin} answered ${res.status} when asked about an API key`);
    throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, API_KEYS_UNAVAILABLE_MESSAGE);
  }
}

function isAuthorization(body: unknown): body is ApiKeyAuthorization {
  const b = body as ApiKeyAuthorization | null;
  return (
    !!b &&
    typeof b.keyId === 'string' &&
    typeof b.token === 'string' &&
    Number.isSafeInteger(b.user?.id) &&
    typeof b.user?.email === 'string' &&
    Array.isArray(b.scopes) &&
    b.scopes.every((s) => (API_KEY_SCOPES as readonly string[]).includes(s)) &&
    typeof b.rateLimit?.limit === 'number'
  );
}
