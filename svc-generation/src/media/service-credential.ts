import { Injectable } from '@nestjs/common';
import { SERVICE_CREDENTIAL } from '@vton/contracts';
import { SignJWT } from 'jose';
import { GenerationConfig } from '../config/generation.config.js';

const LIFETIME_SECONDS = 300;
/** A cached credential is renewed this long before it expires. */
const RENEW_BEFORE_SECONDS = 60;

/**
 * The worker's identity towards svc-media: a short-lived HS256 JWT (GENERATION_SERVICE_SECRET)
 * naming the job's owner, so svc-media serves that account's objects and no other. Cached per
 * owner and job until shortly before it expires.
 */
@Injectable()
export class ServiceCredentials {
  private readonly secret?: Uint8Array;
  private readonly cache = new Map<string, { token: string; renewAt: number }>();

  constructor(config: GenerationConfig) {
    if (config.GENERATION_SERVICE_SECRET) this.secret = new TextEncoder().encode(config.GENERATION_SERVICE_SECRET);
  }

  async forJob(ownerId: number, jobId: string): Promise<string> {
    if (!this.secret) throw new Error('GENERATION_SERVICE_SECRET is not set: the worker cannot call svc-media');
    const key = `${ownerId}:${jobId}`;
    const now = Math.floor(Date.now() / 1000);
    const cached = this.cache.get(key);
    if (cached && cached.renewAt > now) return cached.token;
    const token = await new SignJWT({ job: jobId })
      .setProtectedHeader({ alg: SERVICE_CREDENTIAL.algorithm, typ: 'JWT' })
      .setIssuer(SERVICE_CREDENTIAL.issuer)
      .setAudience(SERVICE_CREDENTIAL.audience)
      .setSubject(String(ownerId))
      .setIssuedAt(now)
      .setExpirationTime(now + LIFETIME_SECONDS)
      .sign(this.secret);
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(key, { token, renewAt: now + LIFETIME_SECONDS - RENEW_BEFORE_SECONDS });
    return token;
  }
}
