/** A plan card's static record (spec §3 "Plans"); yearlyPrice is the per-month price when billed yearly. */
export interface Plan {
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
    name: 'Starter',
    persona: 'test the waters',
    monthlyPrice: 29,
    yearlyPrice: 19,
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
    name: 'Professional',
    persona: 'scale your campaigns',
    monthlyPrice: 89,
    yearlyPrice: 59,
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
    name: 'Enterprise',
    persona: 'power your business',
    monthlyPrice: 249,
    yearlyPrice: 199,
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
