import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { SERVICE_CREDENTIAL } from '@vton/contracts';
import { verifyServiceCredential } from '@vton/service-kit';
import type { Request } from 'express';
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
    const req = context.switchToHttp().getRequest<Request & { [SERVICE_CALLER]?: ServiceCaller }>();
    const { ownerId, jobId } = await verifyServiceCredential(req.headers.authorization, this.secret, SERVICE_CREDENTIAL.audience, { requireJob: true });
    req[SERVICE_CALLER] = { ownerId, jobId: jobId! };
    return true;
  }
}
