import { Injectable } from '@nestjs/common';
import { BILLING_CREDENTIAL_AUDIENCE } from '@vton/contracts';
import { ServiceCredentialGuard } from '@vton/service-kit';
import { AuthConfig } from '../config/auth.config.js';

/**
 * The ledger's internal routes admit only svc-generation's service credential for the ledger's
 * audience (GENERATION_SERVICE_SECRET); it names the one account the call may reserve or settle for.
 */
@Injectable()
export class BillingServiceCredentialGuard extends ServiceCredentialGuard {
  constructor(config: AuthConfig) {
    super(config.GENERATION_SERVICE_SECRET, BILLING_CREDENTIAL_AUDIENCE, { requireJob: false });
  }
}
