import { BILLING_ERRORS, PLANS, type BillingStatus } from '@vton/contracts';
import type { BillingAccountEntity } from './entities/billing-account.entity.js';

type PlanState = Pick<BillingAccountEntity, 'plan' | 'status' | 'trialEndsAt'>;

/** The status a seller sees: a trial past its end is `trial_ended`. */
export function billingStatus(account: PlanState, now: Date): BillingStatus {
  if (account.plan === 'trial') return account.trialEndsAt && account.trialEndsAt.getTime() > now.getTime() ? 'trialing' : 'trial_ended';
  return account.status === 'trialing' ? 'active' : account.status;
}

/** Whether the plan is in force: a running trial, or a paid plan not cancelled (Stripe retries a past-due payment meanwhile). */
export function planInForce(account: PlanState, now: Date): boolean {
  const status = billingStatus(account, now);
  return status === 'trialing' || status === 'active' || status === 'past_due';
}

/** Why the account may not start a real generation now (402 PLAN_REQUIRED), or null. Mock never asks. */
export function generationRefusal(account: PlanState, now: Date): string | null {
  if (planInForce(account, now)) return null;
  return account.plan === 'trial' ? BILLING_ERRORS.trialEnded : BILLING_ERRORS.planEnded(PLANS[account.plan].name);
}

/** What the plan in force allows beyond generating: API keys (Professional, Enterprise) and webhooks (Enterprise). */
export function entitlements(account: PlanState, now: Date): { apiKeys: boolean; webhooks: boolean } {
  const inForce = planInForce(account, now);
  return { apiKeys: inForce && PLANS[account.plan].apiKeys, webhooks: inForce && PLANS[account.plan].webhooks };
}
