import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  BILLING_ERROR_CODES,
  BILLING_ERRORS,
  PLANS,
  planAllows,
  type BillingAccount,
  type BillingOffer,
  type BillingInterval,
  type InternalEntitlements,
  type PlanId,
} from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import type { EntityManager, Repository } from 'typeorm';
import { AuthConfig, type BillingSettings } from '../config/auth.config.js';
import { sqlTable } from '../tables/sql-table.js';
import { CreditLedger } from './credit-ledger.service.js';
import { BillingAccountEntity, type StoredBillingStatus } from './entities/billing-account.entity.js';
import { addMonths, billingStatus } from './plan-rules.js';

/** Where a plan change comes from: the operator's command, or Stripe (with the subscription's period). */
export interface PlanChange {
  plan: PlanId;
  status?: StoredBillingStatus;
  interval?: BillingInterval | null;
  /** The end of the paid period (Stripe's current_period_end). */
  renewsAt?: Date | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
}

/**
 * Plans (README "Plans and credits"): what each account is on, what that allows (generating, API
 * keys, webhooks), and the monthly credits. The balances themselves only move through the CreditLedger.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger('Billing');

  constructor(
    @InjectRepository(BillingAccountEntity) private readonly accounts: Repository<BillingAccountEntity>,
    private readonly ledger: CreditLedger,
    @Inject(AuthConfig) private readonly config: BillingSettings,
  ) {}

  get enabled(): boolean {
    return this.config.BILLING_MODE === 'credits';
  }

  /** A newly verified account starts its trial now (nothing when billing is off). */
  async startTrial(userId: number): Promise<void> {
    if (this.enabled) await this.ledger.ensureAccount(userId);
  }

  /** GET /api/billing/account */
  async account(userId: number): Promise<BillingAccount> {
    if (!this.enabled) {
      return { ...this.offer(), plan: 'enterprise', status: 'active', interval: null, trialEndsAt: null, renewsAt: null, credits: { available: null, reserved: 0 }, portal: false };
    }
    const row = await this.ledger.ensureAccount(userId);
    const offer = this.offer();
    return {
      ...offer,
      plan: row.plan,
      status: billingStatus(row, new Date()),
      interval: row.interval,
      trialEndsAt: row.plan === 'trial' && row.trialEndsAt ? row.trialEndsAt.toISOString() : null,
      renewsAt: row.renewsAt ? row.renewsAt.toISOString() : null,
      credits: { available: this.ledger.unlimited(row) ? null : row.available, reserved: row.reserved },
      // The portal needs the Stripe customer that Checkout created; an operator-set plan has none.
      portal: offer.checkout && !!row.stripeCustomerId,
    };
  }

  /** What the pricing page's buttons can do here (public). */
  offer(): BillingOffer {
    return { mode: this.config.BILLING_MODE, checkout: this.enabled && !!this.config.STRIPE_SECRET_KEY, salesEmail: this.config.SALES_EMAIL ?? null };
  }

  /** What the plan allows, for svc-generation (webhooks) and the API keys. */
  async entitlements(userId: number): Promise<InternalEntitlements> {
    const row = this.enabled ? await this.ledger.ensureAccount(userId) : null;
    // The rule the API keys page shows before the seller fills anything in (contracts' planAllows).
    const account = row ? { mode: 'credits' as const, plan: row.plan, status: billingStatus(row, new Date()) } : { mode: 'off' as const, plan: 'enterprise' as const, status: 'active' as const };
    return { ...account, ...planAllows(account) };
  }

  /** 403 PLAN_REQUIRED unless the plan in force includes API keys (Professional, Enterprise). */
  async assertApiKeys(userId: number): Promise<void> {
    if (!(await this.entitlements(userId)).apiKeys) throw new ApiException(403, BILLING_ERROR_CODES.PLAN_REQUIRED, BILLING_ERRORS.apiKeysNeedPlan);
  }

  /**
   * Puts the account on a plan. A paid plan newly in force grants its first month at once (later
   * months: invoice.paid for a monthly Stripe plan, the monthly grants otherwise); unused credits stay.
   */
  async changePlan(userId: number, change: PlanChange, note: string, tx?: EntityManager): Promise<BillingAccountEntity> {
    if (!tx) return this.ledger.transaction((t) => this.changePlan(userId, change, note, t));
    await this.ledger.ensureAccount(userId, tx);
    const before = (await this.ledger.lock(tx, userId))!;
    const now = new Date();
    const status: StoredBillingStatus = change.status ?? (change.plan === 'trial' ? 'trialing' : 'active');
    const update: Partial<BillingAccountEntity> = { plan: change.plan, status, updatedAt: now };
    if (change.interval !== undefined) update.interval = change.interval;
    if (change.stripeCustomerId !== undefined) update.stripeCustomerId = change.stripeCustomerId;
    if (change.stripeSubscriptionId !== undefined) update.stripeSubscriptionId = change.stripeSubscriptionId;
    if (change.plan === 'trial') {
      Object.assign(update, { trialEndsAt: new Date(now.getTime() + this.config.TRIAL_DAYS * 86_400_000), renewsAt: null, nextGrantAt: null, interval: null });
    } else if (change.renewsAt !== undefined) {
      update.renewsAt = change.renewsAt;
    }
    const wasInForce = before.plan === change.plan && (before.status === 'active' || before.status === 'past_due');
    const fromOperator = change.stripeSubscriptionId === undefined && !before.stripeSubscriptionId;
    if (change.plan !== 'trial' && status === 'active' && !wasInForce && fromOperator) {
      // The operator's plan: this month now, the next ones from the monthly grants.
      const month = PLANS[change.plan].monthlyCredits;
      if (month) await this.ledger.grant(userId, month, `plan:${userId}:${change.plan}:${now.toISOString()}`, `${PLANS[change.plan].name} plan: credits for the month`, tx);
      Object.assign(update, { renewsAt: addMonths(now, 1), nextGrantAt: month ? addMonths(now, 1) : null });
    }
    if (status === 'canceled') update.nextGrantAt = null;
    await tx.getRepository(BillingAccountEntity).update({ userId }, update);
    this.logger.log({ userId, plan: change.plan, status, note }, `Account ${userId} is now on the ${change.plan} plan (${status}): ${note}`);
    return (await tx.getRepository(BillingAccountEntity).findOneBy({ userId }))!;
  }

  /**
   * The operator's command puts the account on a plan: in the ledger first, as a `plan` entry whose
   * note the seller reads in the credit history (also when the plan is the one it has), then the
   * plan's first month when it grants one.
   */
  async setPlanByOperator(userId: number, plan: PlanId): Promise<BillingAccountEntity> {
    const note = `${PLANS[plan].name}, by the operator of this studio`;
    return this.ledger.transaction(async (tx) => {
      await this.ledger.recordPlan(userId, note, tx);
      return this.changePlan(userId, { plan, status: plan === 'trial' ? 'trialing' : 'active' }, note, tx);
    });
  }

  /**
   * Grants each plan month that has come due (operator-set plans every month; yearly Stripe plans
   * monthly until their paid year ends, when the next invoice grants). Each account in its own
   * transaction; SKIP LOCKED lets replicas share the work, and the month's key grants it once.
   */
  async grantDueMonths(now = new Date()): Promise<number> {
    let granted = 0;
    for (;;) {
      const done = await this.ledger.transaction(async (tx) => {
        // SQL: FOR UPDATE SKIP LOCKED, so two replicas never take the same account.
        const rows: BillingAccountEntity[] = await tx.query(
          `SELECT * FROM ${sqlTable(this.accounts.metadata)}
            WHERE "nextGrantAt" <= $1 AND "status" = 'active' AND "plan" IN ('starter', 'professional')
            ORDER BY "nextGrantAt" LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [now],
        );
        const row = rows[0];
        if (!row) return true;
        const due = row.nextGrantAt!;
        const month = PLANS[row.plan].monthlyCredits!;
        await this.ledger.grant(row.userId, month, `month:${row.userId}:${due.toISOString()}`, `${PLANS[row.plan].name} plan: credits for the month`, tx);
        let next: Date | null = addMonths(due, 1);
        // A Stripe plan's next paid period is granted by its invoice.
        if (row.stripeSubscriptionId && row.renewsAt && next.getTime() >= row.renewsAt.getTime() - 3_600_000) next = null;
        const renewsAt = row.stripeSubscriptionId ? row.renewsAt : next;
        await tx.getRepository(BillingAccountEntity).update({ userId: row.userId }, { nextGrantAt: next, renewsAt, updatedAt: new Date() });
        granted++;
        return false;
      });
      if (done) return granted;
    }
  }
}
