import { PLANS as PLAN_TERMS, type PaidPlanId } from '@vton/contracts';

/** A plan card's static record (spec §3 "Plans"); yearlyPrice is the per-month price when billed yearly. */
export interface Plan {
  /** The plan as billing knows it (the plan page, Checkout). */
  id: PaidPlanId;
  name: string;
  persona: string;
  monthlyPrice: number;
  yearlyPrice: number;
  features: string[];
  isPopular: boolean;
  buttonText: string;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    persona: 'test the waters',
    monthlyPrice: PLAN_TERMS.starter.monthlyPrice,
    yearlyPrice: PLAN_TERMS.starter.yearlyPrice,
    features: [
      '50 generation credits/month',
      '4K export quality',
      'basic background templates',
      'standard processing speed',
      'email support',
      'commercial license',
    ],
    isPopular: false,
    buttonText: 'Start Free Trial',
  },
  {
    id: 'professional',
    name: 'Professional',
    persona: 'scale your campaigns',
    monthlyPrice: PLAN_TERMS.professional.monthlyPrice,
    yearlyPrice: PLAN_TERMS.professional.yearlyPrice,
    features: [
      '500 credits/month',
      '4K export',
      'premium backgrounds & effects',
      'priority processing',
      'API access included',
      'priority support & training',
    ],
    isPopular: true,
    buttonText: 'Start Professional',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    persona: 'power your business',
    monthlyPrice: PLAN_TERMS.enterprise.monthlyPrice,
    yearlyPrice: PLAN_TERMS.enterprise.yearlyPrice,
    features: [
      'unlimited credits',
      '4K export + RAW formats',
      'custom brand templates',
      'dedicated account manager',
      'full API & webhook access',
      'white-label solutions',
    ],
    isPopular: false,
    buttonText: 'Contact Sales',
  },
];
