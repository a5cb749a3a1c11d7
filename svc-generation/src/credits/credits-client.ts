import { Injectable, Logger } from '@nestjs/common';
import {
  BILLING_ERROR_CODES,
  ErrorCode,
  INTERNAL_BILLING_PATHS,
  type InternalCreditsState,
  type InternalEntitlements,
  type ReservationRequest,
  type Settlement,
} from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { GenerationConfig } from '../config/generation.config.js';
import { ServiceCredentials } from '../media/service-credential.js';

export const LEDGER_UNAVAILABLE_MESSAGE = 'Your credits cannot be checked right now. Please try again in a moment.';

/**
 * svc-auth's credit ledger (svc-auth README, "Plans and credits"), over HTTP with the service
 * credential: reserve before queueing, capture or release when a model run ends, and what the
 * account's plan allows. svc-auth's origin is the one of AUTH_JWKS_URL; each call waits at most
 * SERVICE_CALL_TIMEOUT_MS (a seller may be waiting for the answer), then answers 503.
 */
@Injectable()
export class CreditsClient {
  private readonly logger = new Logger('Credits');

  constructor(
    private readonly config: GenerationConfig,
    private readonly credentials: ServiceCredentials,
  ) {}

  /** False when BILLING_MODE=off: nothing is reserved, no plan is checked. */
  get enabled(): boolean {
    return this.config.BILLING_MODE === 'credits';
  }

  /**
   * One credit per key, all or nothing; 402 INSUFFICIENT_CREDITS / PLAN_REQUIRED as svc-auth answered
   * them. Any 5xx (503 when unanswered) leaves it unknown whether the credits were reserved.
   * `notes`: what each key's run is, by key.
   */
  async reserve(userId: number, keys: string[], notes: Record<string, string> = {}): Promise<InternalCreditsState> {
    const credential = await this.credentials.forReservation(userId, this.config.SERVICE_CALL_TIMEOUT_MS);
    const request: ReservationRequest = Object.keys(notes).length ? { keys, notes } : { keys };
    return this.call(userId, credential, 'POST', INTERNAL_BILLING_PATHS.reservations, request);
  }

  async settle(userId: number, settlements: Settlement[]): Promise<InternalCreditsState> {
    return this.call(userId, await this.credentials.forLedger(userId), 'POST', INTERNAL_BILLING_PATHS.settlements, { settlements });
  }

  async entitlements(userId: number): Promise<InternalEntitlements> {
    return this.call(userId, await this.credentials.forLedger(userId), 'GET', INTERNAL_BILLING_PATHS.entitlements);
  }

  private async call<T>(userId: number, credential: string, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const url = new URL(path, this.config.AUTH_JWKS_URL);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${credential}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.config.SERVICE_CALL_TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn({ userId }, `The ledger at ${url.origin} is unreachable (${method} ${path}): ${(error as Error).message}`);
      throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, LEDGER_UNAVAILABLE_MESSAGE);
    }
    const answer = (await res.json().catch(() => null)) as (T & { code?: string; message?: string; details?: Record<string, unknown> }) | null;
    if (res.ok && answer) return answer;
    // The seller's refusals pass through as svc-auth worded them.
    const passThrough: string[] = [BILLING_ERROR_CODES.INSUFFICIENT_CREDITS, BILLING_ERROR_CODES.PLAN_REQUIRED];
    if ((res.status === 402 || res.status === 403) && answer?.code && passThrough.includes(answer.code) && answer.message) {
      throw new ApiException(res.status, answer.code, answer.message, answer.details ? { details: answer.details } : {});
    }
    this.logger.warn({ userId }, `The ledger answered ${method} ${path} with ${res.status}: ${answer?.message ?? ''}`);
    throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, LEDGER_UNAVAILABLE_MESSAGE);
  }
}
