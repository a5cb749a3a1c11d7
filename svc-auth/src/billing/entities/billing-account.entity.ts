import type { BillingInterval, PlanId } from '@vton/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Stored status; `trial_ended` is derived on read from `trialEndsAt`. */
export type StoredBillingStatus = 'trialing' | 'active' | 'past_due' | 'canceled';

/**
 * An account's plan and its two balances (README "Plans and credits"). The balances only change
 * together with a ledger entry, in one transaction holding this row's lock.
 */
@Entity({ name: 'billing_accounts' })
export class BillingAccountEntity {
  @PrimaryColumn({ type: 'integer' }) userId: number;
  @Column({ type: 'text' }) plan: PlanId;
  @Column({ type: 'text' }) status: StoredBillingStatus;
  @Column({ type: 'text', nullable: true }) interval: BillingInterval | null;
  @Column({ type: 'timestamptz', nullable: true }) trialEndsAt: Date | null;

  /** The end of the paid period (Stripe's current_period_end, or a month after an operator's grant). */
  @Column({ type: 'timestamptz', nullable: true }) renewsAt: Date | null;

  /** When the plan's next month of credits is due from the monthly grants (yearly and operator-set plans). */
  @Column({ type: 'timestamptz', nullable: true }) nextGrantAt: Date | null;
  @Column({ type: 'integer' }) available: number;
  @Column({ type: 'integer' }) reserved: number;
  @Column({ type: 'text', nullable: true }) stripeCustomerId: string | null;
  @Column({ type: 'text', nullable: true }) stripeSubscriptionId: string | null;
  @Column({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz' }) updatedAt: Date;
}
