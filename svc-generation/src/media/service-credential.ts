import { Injectable } from '@nestjs/common';
import { BILLING_CREDENTIAL_AUDIENCE, SERVICE_CREDENTIAL } from '@vton/contracts';
import { SignJWT } from 'jose';
import { GenerationConfig } from '../config/generation.config.js';

const LIFETIME_SECONDS = 300;
/** A cached credential is renewed this long before it expires. */
const RENEW_BEFORE_SECONDS = 60;

/**
 * svc-generation's identity towards svc-media (the workers) and svc-auth's ledger (API and workers):
 * a short-lived HS256 JWT (GENERATION_SERVICE_SECRET) naming the job's owner, so the other service
 * acts for that account and no other. Cached per audience, owner and job until shortly before it expires.
 */
@Injectable()
export class ServiceCredentials {
  private readonly secret?: Uint8Array;
  private readonly cache = new Map<string, { token: string; renewAt: number }>();

  constructor(config: GenerationConfig) {
    if (config.GENERATION_SERVICE_SECRET) this.secret = new TextEncoder().encode(config.GENERATION_SERVICE_SECRET);
  }

  async forJob(ownerId: number, jobId: string): Promise<string> {
    return this.sign(ownerId, SERVICE_CREDENTIAL.audience, jobId);
  }

  /** The credential towards svc-auth's ledger (its own audience: svc-media refuses it, and the ledger refuses svc-media's). */
  async forLedger(ownerId: number): Promise<string> {
    return this.sign(ownerId, BILLING_CREDENTIAL_AUDIENCE);
  }

  /**
   * The ledger credential of one reservation, good only while its call waits for the answer (to the
   * second above): a reservation that reaches svc-auth after the call gave up (a frozen svc-auth going
   * on) is refused there, instead of taking a credit for a job that was never queued. Not cached.
   */
  async forReservation(ownerId: number, waitMs: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return this.signed(ownerId, BILLING_CREDENTIAL_AUDIENCE, undefined, now, now + Math.ceil(waitMs / 1000));
  }

  private async sign(ownerId: number, audience: string, jobId?: string): Promise<string> {
    const key = `${audience}:${ownerId}:${jobId ?? ''}`;
    const now = Math.floor(Date.now() / 1000);
    const cached = this.cache.get(key);
    if (cached && cached.renewAt > now) return cached.token;
    const token = await this.signed(ownerId, audience, jobId, now, now + LIFETIME_SECONDS);
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(key, { token, renewAt: now + LIFETIME_SECONDS - RENEW_BEFORE_SECONDS });
    return token;
  }

  private async signed(ownerId: number, audience: string, jobId: string | undefined, issuedAt: number, expiresAt: number): Promise<string> {
    if (!this.secret) throw new Error('GENERATION_SERVICE_SECRET is not set: svc-generation cannot call svc-media or the ledger');
    return new SignJWT(jobId ? { job: jobId } : {})
      .setProtectedHeader({ alg: SERVICE_CREDENTIAL.algorithm, typ: 'JWT' })
      .setIssuer(SERVICE_CREDENTIAL.issuer)
      .setAudience(audience)
      .setSubject(String(ownerId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.secret);
  }
}
