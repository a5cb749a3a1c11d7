import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { BILLING_ERROR_CODES, BILLING_ERRORS } from '@vton/contracts';
import { ApiException, type AuthenticatedUser } from '@vton/service-kit';
import { CreditsClient } from '../credits/credits-client.js';

/** Adding an endpoint or sending a test event needs the Enterprise plan (403 PLAN_REQUIRED); svc-auth's ledger says what the plan allows. */
@Injectable()
export class WebhooksPlanGuard implements CanActivate {
  constructor(private readonly credits: CreditsClient) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.credits.enabled) return true;
    const { user } = context.switchToHttp().getRequest<{ user: AuthenticatedUser }>();
    if (!(await this.credits.entitlements(user.id)).webhooks) {
      throw new ApiException(403, BILLING_ERROR_CODES.PLAN_REQUIRED, BILLING_ERRORS.webhooksNeedPlan);
    }
    return true;
  }
}
