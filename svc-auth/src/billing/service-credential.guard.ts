import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { BILLING_CREDENTIAL_AUDIENCE } from '@vton/contracts';
import { verifyServiceCredential, type ServiceCallerClaims } from '@vton/service-kit';
import type { Request } from 'express';
import { AuthConfig } from '../config/auth.config.js';

export const SERVICE_CALLER = 'serviceCaller';
export type ServiceRequest = Request & { [SERVICE_CALLER]?: ServiceCallerClaims };

/**
 * The ledger's internal routes admit only svc-generation's service credential for the ledger's
 * audience (GENERATION_SERVICE_SECRET); it names the one account the call may reserve or settle for.
 */
@Injectable()
export class BillingServiceCredentialGuard implements CanActivate {
  private readonly secret?: Uint8Array;

  constructor(config: AuthConfig) {
    if (config.GENERATION_SERVICE_SECRET) this.secret = new TextEncoder().encode(config.GENERATION_SERVICE_SECRET);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ServiceRequest>();
    req[SERVICE_CALLER] = await verifyServiceCredential(req.headers.authorization, this.secret, BILLING_CREDENTIAL_AUDIENCE, { requireJob: false });
    return true;
  }
}
