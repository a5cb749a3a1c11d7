import { Injectable, Logger } from '@nestjs/common';
import { BILLING_ERRORS, BILLING_PAGE_PATH, ErrorCode, type BillingRedirect, type CheckoutRequest } from '@vton/contracts';
import { ApiException, type AuthenticatedUser } from '@vton/service-kit';
import { AuthConfig } from '../../config/auth.config.js';
import { BillingService } from '../billing.service.js';
import { CreditLedger } from '../credit-ledger.service.js';
import { StripeBilling } from './stripe-billing.js';
import { StripeEvents } from './stripe-events.js';

/** The plan page's Stripe calls (Checkout, the portal) and Stripe's webhook. */
@Injectable()
export class StripeCheckout {
  private readonly logger = new Logger('Stripe');

  constructor(
    private readonly stripe: StripeBilling,
    private readonly events: StripeEvents,
    private readonly ledger: CreditLedger,
    private readonly billing: BillingService,
    private readonly config: AuthConfig,
  ) {}

  async checkout(user: AuthenticatedUser, { plan, interval }: CheckoutRequest): Promise<BillingRedirect> {
    this.assertEnabled();
    const account = await this.ledger.ensureAccount(user.id);
    if (account.stripeSubscriptionId && (account.status === 'active' || account.status === 'past_due')) {
      throw new ApiException(409, ErrorCode.CONFLICT, 'You already have a subscription: change it with "Manage subscription".');
    }
    const page = new URL(BILLING_PAGE_PATH, this.config.PUBLIC_URL);
    const url = await this.stripe.checkout({
      userId: user.id,
      email: user.email,
      customerId: account.stripeCustomerId,
      plan,
      interval,
      successUrl: `${page.href}?checkout=success`,
      cancelUrl: `${page.href}?plan=${plan}&interval=${interval}`,
    });
    this.logger.log({ userId: user.id, plan, interval }, `Account ${user.id} sent to Stripe Checkout for ${plan} (${interval})`);
    return { url };
  }

  async portal(userId: number): Promise<BillingRedirect> {
    this.assertEnabled();
    const account = await this.ledger.ensureAccount(userId);
    if (!account.stripeCustomerId) throw new ApiException(409, ErrorCode.CONFLICT, BILLING_ERRORS.noSubscription);
    return { url: await this.stripe.portal(account.stripeCustomerId, new URL(BILLING_PAGE_PATH, this.config.PUBLIC_URL).href) };
  }

  /** Verifies the signature over the bytes received, then acts on the event once. A bad signature: 400, nothing changes. */
  async receive(body: unknown, signature: string | undefined): Promise<{ received: true }> {
    if (!this.stripe.enabled) throw new ApiException(404, ErrorCode.NOT_FOUND, 'Stripe billing is not set up here');
    if (!Buffer.isBuffer(body) || !signature) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'A signed Stripe event is required (Stripe-Signature)');
    let event;
    try {
      event = this.stripe.verify(body, signature);
    } catch (error) {
      this.logger.warn(`A Stripe webhook with a bad signature was refused: ${(error as Error).message}`);
      throw new ApiException(400, ErrorCode.INVALID_INPUT, 'The Stripe signature does not match');
    }
    await this.events.handle(event);
    return { received: true };
  }

  private assertEnabled(): void {
    if (!this.billing.enabled || !this.stripe.enabled) throw new ApiException(409, ErrorCode.CONFLICT, BILLING_ERRORS.checkoutUnavailable);
  }
}
