import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, REVOKED_SESSIONS_PATH, type RevokedSessionsResponse } from '@vton/contracts';
import type { ServiceConfig } from '../config/service-config.js';
import { ApiException } from '../errors/api-exception.js';
import { authServiceCall, type AuthServiceCall } from './auth-service-call.js';
import { SERVICE_CONFIG } from '../tokens.js';

export const SESSION_CHECK = Symbol('SESSION_CHECK');

/** Whether the session a valid token belongs to has ended (signed out, signed out everywhere, password reset). */
export interface SessionCheck {
  hasEnded(sessionId: string): Promise<boolean>;
}

export const SESSIONS_UNAVAILABLE_MESSAGE = 'Your sign-in cannot be checked right now. Please try again in a moment.';

/** How far back each fetch asks, past the last answer: a revocation committed late is still seen. */
const OVERLAP_MS = 60_000;
const RETRY_AFTER_FAILURE_MS = 5_000;

/**
 * The ended sessions svc-auth publishes (REVOKED_SESSIONS_PATH, next to its JWKS), kept in
 * memory and refreshed when older than SESSION_REVOCATIONS_MAX_AGE_SECONDS: a token of an
 * ended session stops working here within that time plus one fetch, without a call per request.
 * When svc-auth cannot be reached the last known list keeps applying (like the keys); before any
 * list was ever read, a token cannot be checked and the answer is 503.
 */
@Injectable()
export class RevokedSessionsFeed implements SessionCheck {
  private readonly logger = new Logger('Sessions');
  private readonly feedCall: AuthServiceCall;
  private readonly maxAgeMs: number;
  private readonly ended = new Map<string, number>();
  private asOf: string | undefined;
  private fetchedAt = 0;
  private failedAt = 0;
  private loaded = false;
  private inFlight: Promise<void> | undefined;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.feedCall = authServiceCall(config, REVOKED_SESSIONS_PATH);
    this.maxAgeMs = config.SESSION_REVOCATIONS_MAX_AGE_SECONDS * 1000;
  }

  async hasEnded(sessionId: string): Promise<boolean> {
    const now = Date.now();
    if (now - this.fetchedAt >= this.maxAgeMs && now - this.failedAt >= RETRY_AFTER_FAILURE_MS) {
      this.inFlight ??= this.refresh().finally(() => (this.inFlight = undefined));
      await this.inFlight;
    }
    if (!this.loaded) throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, SESSIONS_UNAVAILABLE_MESSAGE);
    return this.ended.has(sessionId);
  }

  private async refresh(): Promise<void> {
    const url = new URL(this.feedCall.url);
    if (this.asOf) url.searchParams.set('since', new Date(Date.parse(this.asOf) - OVERLAP_MS).toISOString());
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.feedCall.timeoutMs) });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      const body = (await res.json()) as RevokedSessionsResponse;
      if (!Array.isArray(body.revoked) || typeof body.asOf !== 'string') throw new Error('answered something that is not a session list');
      for (const { sessionId, expiresAt } of body.revoked) this.ended.set(sessionId, Date.parse(expiresAt));
      // A token never outlives its session's expiry, so an ended session is forgotten after it.
      const now = Date.now();
      for (const [id, expiresAt] of this.ended) if (expiresAt <= now) this.ended.delete(id);
      this.asOf = body.asOf;
      this.fetchedAt = now;
      this.loaded = true;
    } catch (error) {
      this.failedAt = Date.now();
      this.logger.warn(`Could not read ended sessions from ${this.feedCall.url.href} (${(error as Error).message}); ${this.loaded ? 'the last list keeps applying' : 'tokens cannot be checked yet'}`);
    }
  }
}
