import { Injectable } from '@nestjs/common';
import type { BillingInterval, PaidPlanId } from '@vton/contracts';
import Stripe from 'stripe';
import { AuthConfig } from '../../config/auth.config.js';

/** A subscription as billing needs it: whose, which plan and period, in what state, paid until when. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  userId: number | null;
  plan: PaidPlanId | null;
  interval: BillingInterval | null;
  status: Stripe.Subscription.Status;
  periodStart: Date | null;
  periodEnd: Date | null;
}

/**
 * The one adapter to Stripe (the official `stripe` SDK): Checkout Sessions in subscription mode,
 * customer portal sessions, subscriptions, and webhook signatures (`constructEvent`). Configured
 * by STRIPE_SECRET_KEY; STRIPE_API_URL points the SDK at another host (the tests' fake Stripe).
 */
@Injectable()
export class StripeBilling {
  private readonly stripe?: Stripe;
  private readonly prices = new Map<string, { plan: PaidPlanId; interval: BillingInterval }>();

  constructor(private readonly config: AuthConfig) {
    if (!config.STRIPE_SECRET_KEY) return;
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    const protocol = api?.protocol === 'http:' ? 'http' : 'https';
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: Number(api.port || (protocol === 'http' ? 80 : 443)), protocol } : {}),
    });
    const configured: [PaidPlanId, BillingInterval, string | undefined][] = [
      ['starter', 'month', config.STRIPE_PRICE_STARTER_MONTHLY],
      ['starter', 'year', config.STRIPE_PRICE_STARTER_YEARLY],
      ['professional', 'month', config.STRIPE_PRICE_PROFESSIONAL_MONTHLY],
      ['professional', 'year', config.STRIPE_PRICE_PROFESSIONAL_YEARLY],
      ['enterprise', 'month', config.STRIPE_PRICE_ENTERPRISE_MONTHLY],
      ['enterprise', 'year', config.STRIPE_PRICE_ENTERPRISE_YEARLY],
    ];
    for (const [plan, interval, price] of configured) if (price) this.prices.set(price, { plan, interval });
  }

  get enabled(): boolean {
    return !!this.stripe;
  }

  private get client(): Stripe {
    if (!this.stripe) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY)');
    return this.stripe;
  }

  private priceOf(plan: PaidPlanId, interval: BillingInterval): string {
    for (const [price, p] of this.prices) if (p.plan === plan && p.interval === interval) return price;
    throw new Error(`No Stripe price for ${plan} (${interval})`);
  }

  /** A Checkout Session in subscription mode; the account travels in client_reference_id and the subscription's metadata. */
  async checkout(input: { userId: number; email: string; customerId: string | null; plan: PaidPlanId; interval: BillingInterval; successUrl: string; cancelUrl: string }): Promise<string> {
    const session = await this.client.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: this.priceOf(input.plan, input.interval), quantity: 1 }],
      client_reference_id: String(input.userId),
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
      subscription_data: { metadata: { userId: String(input.userId) } },
      metadata: { userId: String(input.userId) },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a url`);
    return session.url;
  }

  /** The customer portal: change or cancel the plan, card, invoices. */
  async portal(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }

  async subscription(id: string): Promise<SubscriptionState> {
    return this.toState(await this.client.subscriptions.retrieve(id));
  }

  toState(subscription: Stripe.Subscription): SubscriptionState {
    const item = subscription.items.data[0];
    const price = item ? this.prices.get(item.price.id) : undefined;
    const userId = Number(subscription.metadata?.userId);
    return {
      id: subscription.id,
      customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
      plan: price?.plan ?? null,
      interval: price?.interval ?? null,
      status: subscription.status,
      periodStart: item?.current_period_start ? new Date(item.current_period_start * 1000) : null,
      periodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    };
  }

  /** The event, if `signature` (Stripe-Signature: t=…,v1=…) signs exactly `payload` with STRIPE_WEBHOOK_SECRET; throws otherwise. */
  verify(payload: Buffer, signature: string): Stripe.Event {
    return this.client.webhooks.constructEvent(payload, signature, this.config.STRIPE_WEBHOOK_SECRET!);
  }
}
