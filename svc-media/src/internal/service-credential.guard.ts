import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ErrorCode, SERVICE_CREDENTIAL } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import type { Request } from 'express';
import { jwtVerify } from 'jose';
import { MediaConfig } from '../config/media.config.js';

/** Who calls an internal route: svc-generation's worker, on behalf of one account for one job. */
export interface ServiceCaller {
  /** The job owner: the only account whose objects this request may touch. */
  ownerId: number;
  jobId: string;
}

export const SERVICE_CALLER = 'serviceCaller';

/**
 * Admits only svc-generation's service credential (an HS256 JWT under GENERATION_SERVICE_SECRET,
 * issuer and audience of SERVICE_CREDENTIAL, short-lived) on the internal routes. A seller's
 * token is ES256 from svc-auth and fails here; the service credential fails the user guard on every
 * other route. The credential names the owner whose objects the request may reach.
 */
@Injectable()
export class ServiceCredentialGuard implements CanActivate {
  private readonly secret?: Uint8Array;

  constructor(config: MediaConfig) {
    if (config.GENERATION_SERVICE_SECRET) this.secret = new TextEncoder().encode(config.GENERATION_SERVICE_SECRET);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.secret) {
      throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, 'The internal routes are not configured (GENERATION_SERVICE_SECRET)');
    }
    const req = context.switchToHttp().getRequest<Request & { [SERVICE_CALLER]?: ServiceCaller }>();
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'A service credential is required');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.secret, {
        algorithms: [SERVICE_CREDENTIAL.algorithm],
        issuer: SERVICE_CREDENTIAL.issuer,
        audience: SERVICE_CREDENTIAL.audience,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch {
      throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Invalid service credential');
    }
    const ownerId = Number(payload.sub);
    if (!Number.isSafeInteger(ownerId) || ownerId <= 0 || typeof payload.job !== 'string') {
      throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Invalid service credential');
    }
    if (payload.exp! - payload.iat! > SERVICE_CREDENTIAL.maxLifetimeSeconds) {
      throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Invalid service credential (lifetime too long)');
    }
    req[SERVICE_CALLER] = { ownerId, jobId: payload.job };
    return true;
  }
}
