import { YEARLY_DISCOUNT_PERCENT } from '@vton/contracts';
import type { Plan } from '../data/plans';

/** Spec §4: the pricing period, yearly by default. */
export type BillingPeriod = 'monthly' | 'yearly';
export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'yearly';

/** The badge on the yearly button. */
export const YEARLY_SAVINGS_LABEL = `Save ${YEARLY_DISCOUNT_PERCENT}%`;

/** Only this many features are listed on a card; the rest are counted (spec §9). */
export const LISTED_FEATURES = 5;

export interface PriceDisplay {
  /** The price shown large, in dollars. */
  amount: number;
  period: 'month' | 'year';
  /** Yearly only: the monthly price × 12, shown crossed out. */
  crossedOut?: number;
  /** Yearly only: (monthly − yearly per month) × 12. */
  saving?: number;
}

/** Spec §9: yearly shows the per-month yearly price × 12, the crossed-out monthly × 12 and the saving. */
export function priceDisplay(plan: Pick<Plan, 'monthlyPrice' | 'yearlyPrice'>, period: BillingPeriod): PriceDisplay {
  if (period === 'monthly') return { amount: plan.monthlyPrice, period: 'month' };
  return {
    amount: plan.yearlyPrice * 12,
    period: 'year',
    crossedOut: plan.monthlyPrice * 12,
    saving: (plan.monthlyPrice - plan.yearlyPrice) * 12,
  };
}

/** The first five features, and the "+N more features" line when there are more. */
export function listedFeatures(features: readonly string[]): { shown: string[]; moreLabel: string | null } {
  const hidden = features.length - LISTED_FEATURES;
  return { shown: features.slice(0, LISTED_FEATURES), moreLabel: hidden > 0 ? `+${hidden} more features` : null };
}

export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}
