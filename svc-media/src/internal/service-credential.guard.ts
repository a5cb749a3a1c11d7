import { Injectable } from '@nestjs/common';
import { SERVICE_CREDENTIAL } from '@vton/contracts';
import { ServiceCredentialGuard } from '@vton/service-kit';
import { MediaConfig } from '../config/media.config.js';

/** Who calls an internal route: svc-generation's worker, on behalf of one account for one job. */
export interface ServiceCaller {
  /** The job owner: the only account whose objects this request may touch. */
  ownerId: number;
  jobId: string;
}

/**
 * Admits only svc-generation's service credential (an HS256 JWT under GENERATION_SERVICE_SECRET,
 * issuer and audience of SERVICE_CREDENTIAL, short-lived) on the internal routes. A seller's
 * token is ES256 from svc-auth and fails here; the service credential fails the user guard on every
 * other route. The credential names the owner whose objects the request may reach, and its job.
 */
@Injectable()
export class MediaServiceCredentialGuard extends ServiceCredentialGuard {
  constructor(config: MediaConfig) {
    super(config.GENERATION_SERVICE_SECRET, SERVICE_CREDENTIAL.audience, { requireJob: true });
  }
}
