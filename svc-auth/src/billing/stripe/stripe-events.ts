import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PLANS } from '@vton/contracts';
import type Stripe from 'stripe';
import type { Repository } from 'typeorm';
import { sqlTable } from '../../tables/sql-table.js';
import { BillingService } from '../billing.service.js';
import { CreditLedger } from '../credit-ledger.service.js';
import { BillingAccountEntity, type StoredBillingStatus } from '../entities/billing-account.entity.js';
import { StripeEventEntity } from '../entities/stripe-event.entity.js';
import { addMonths } from '../plan-rules.js';
import { StripeBilling, type SubscriptionState } from './stripe-billing.js';

/** Stripe's subscription states in ours: paying (or trying again), or over. `incomplete` (the first payment pending) changes nothing yet. */
function statusOf(status: Stripe.Subscription.Status): StoredBillingStatus | null {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return null;
}

/**
 * Keeps each account's plan in step with Stripe: checkout.session.completed,
 * customer.subscription.created|updated|deleted and invoice.paid (each paid invoice grants its
 * month's credits; a yearly plan's further months come from the monthly grants). Every event is
 * handled once: its id is inserted in the transaction that acts on it, and a redelivery finds it.
 * The subscription is read from Stripe before that transaction (events may arrive in any order;
 * the subscription says how things stand now), never while holding the account's lock.
 */
@Injectable()
export class StripeEvents {
  private readonly logger = new Logger('StripeEvents');

  constructor(
    @InjectRepository(StripeEventEntity) private readonly events: Repository<StripeEventEntity>,
    @InjectRepository(BillingAccountEntity) private readonly accounts: Repository<BillingAccountEntity>,
    private readonly stripe: StripeBilling,
    private readonly ledger: CreditLedger,
    private readonly billing: BillingService,
  ) {}

  /** Answers whether the event was acted on now (false: handled before, or not one billing follows). */
  async handle(event: Stripe.Event): Promise<boolean> {
    if (await this.events.existsBy({ id: event.id })) return false;
    const subscription = await this.subscriptionOf(event);
    if (!subscription) {
      await this.events.insert({ id: event.id, type: event.type, receivedAt: new Date() }).catch(() => undefined);
      return false;
    }
    const userId = subscription.userId ?? (await this.ownerOf(subscription.customerId, event));
    if (!userId) {
      this.logger.warn({ eventId: event.id, subscriptionId: subscription.id }, `Stripe event ${event.id} (${event.type}): no account for subscription ${subscription.id}; ignored`);
      await this.events.insert({ id: event.id, type: event.type, receivedAt: new Date() }).catch(() => undefined);
      return false;
    }
    return this.ledger.transaction(async (tx) => {
      // SQL: a conditional insert; of two deliveries of one event at once, one acts.
      const fresh: unknown[] = await tx.query(
        `INSERT INTO ${sqlTable(this.events.metadata)} ("id", "type", "receivedAt") VALUES ($1, $2, now()) ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
        [event.id, event.type],
      );
      if (!fresh.length) return false;
      const status = event.type === 'customer.subscription.deleted' ? 'canceled' : statusOf(subscription.status);
      if (status && subscription.plan) {
        await this.billing.changePlan(
          userId,
          {
            plan: subscription.plan,
            status,
            interval: subscription.interval,
            renewsAt: subscription.periodEnd,
            stripeCustomerId: subscription.customerId,
            stripeSubscriptionId: subscription.id,
          },
          `Stripe ${event.type} (${event.id})`,
          tx,
        );
      }
      if (event.type === 'invoice.paid' && subscription.plan) await this.grantInvoice(tx, userId, event.data.object as Stripe.Invoice, subscription);
      this.logger.log({ userId, eventId: event.id, plan: subscription.plan, status: subscription.status }, `Stripe ${event.type} (${event.id}) applied to account ${userId}`);
      return true;
    });
  }

  /** A paid invoice grants its month (once, keyed by the invoice); a yearly plan's next months follow monthly. */
  private async grantInvoice(tx: Parameters<Parameters<CreditLedger['transaction']>[0]>[0], userId: number, invoice: Stripe.Invoice, subscription: SubscriptionState): Promise<void> {
    const plan = PLANS[subscription.plan!];
    if (plan.monthlyCredits === null) return;
    await this.ledger.grant(userId, plan.monthlyCredits, `stripe:invoice:${invoice.id}`, `${plan.name} plan: credits for the month (invoice ${invoice.number ?? invoice.id})`, tx);
    if (subscription.interval === 'year') {
      const start = subscription.periodStart ?? new Date();
      await tx.getRepository(BillingAccountEntity).update({ userId }, { nextGrantAt: addMonths(start, 1) });
    } else {
      await tx.getRepository(BillingAccountEntity).update({ userId }, { nextGrantAt: null });
    }
  }

  /** The subscription an event is about, as Stripe has it now; null for events billing does not follow. */
  private async subscriptionOf(event: Stripe.Event): Promise<SubscriptionState | null> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode !== 'subscription' || !session.subscription) return null;
        const state = await this.stripe.subscription(typeof session.subscription === 'string' ? session.subscription : session.subscription.id);
        const userId = Number(session.client_reference_id);
        return { ...state, userId: state.userId ?? (Number.isSafeInteger(userId) && userId > 0 ? userId : null) };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        // Read afresh: an older event delivered late must not undo a newer state.
        return this.stripe.subscription(event.data.object.id);
      case 'invoice.paid': {
        const id = event.data.object.parent?.subscription_details?.subscription;
        if (!id) return null;
        return this.stripe.subscription(typeof id === 'string' ? id : id.id);
      }
      default:
        return null;
    }
  }

  private async ownerOf(customerId: string, event: Stripe.Event): Promise<number | null> {
    const row = await this.accounts.findOneBy({ stripeCustomerId: customerId });
    if (!row) this.logger.warn({ eventId: event.id }, `Stripe customer ${customerId} belongs to no account`);
    return row?.userId ?? null;
  }
}
