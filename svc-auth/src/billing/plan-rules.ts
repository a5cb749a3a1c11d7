import { generationRefusal as refusalFor, type BillingStatus } from '@vton/contracts';
import type { BillingAccountEntity } from './entities/billing-account.entity.js';

type PlanState = Pick<BillingAccountEntity, 'plan' | 'status' | 'trialEndsAt'>;

/** The status a seller sees: a trial past its end is `trial_ended`. */
export function billingStatus(account: PlanState, now: Date): BillingStatus {
  if (account.plan === 'trial') return account.trialEndsAt && account.trialEndsAt.getTime() > now.getTime() ? 'trialing' : 'trial_ended';
  return account.status === 'trialing' ? 'active' : account.status;
}

/** Why the account may not start a real generation now (402 PLAN_REQUIRED), or null. Mock never asks. */
export function generationRefusal(account: PlanState, now: Date): string | null {
  return refusalFor({ plan: account.plan, status: billingStatus(account, now) });
}

/** Adds calendar months the way Stripe bills them (the 31st becomes the month's last day). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}
