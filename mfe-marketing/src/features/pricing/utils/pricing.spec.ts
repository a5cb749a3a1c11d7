import { PLANS } from '../data/plans';
import { DEFAULT_BILLING_PERIOD, YEARLY_SAVINGS_LABEL, formatDollars, listedFeatures, priceDisplay } from './pricing';

const plan = (name: string) => PLANS.find((p) => p.name === name)!;

describe('pricing arithmetic', () => {
  it('defaults to yearly and advertises 35%', () => {
    expect(DEFAULT_BILLING_PERIOD).toBe('yearly');
    expect(YEARLY_SAVINGS_LABEL).toBe('Save 35%');
  });

  it.each([
    ['Starter', 29, 19, 228, 348, 120],
    ['Professional', 89, 59, 708, 1068, 360],
    ['Enterprise', 249, 199, 2388, 2988, 600],
  ])('%s: $%i/month, yearly $%i/month → $%i/year, crossed out $%i, saves $%i', (name, monthly, yearlyPerMonth, yearTotal, crossed, saving) => {
    const p = plan(name);
    expect([p.monthlyPrice, p.yearlyPrice]).toEqual([monthly, yearlyPerMonth]);
    expect(priceDisplay(p, 'monthly')).toEqual({ amount: monthly, period: 'month' });
    expect(priceDisplay(p, 'yearly')).toEqual({ amount: yearTotal, period: 'year', crossedOut: crossed, saving });
  });

  it('formats dollars with thousands separators', () => {
    expect(formatDollars(2388)).toBe('$2,388');
    expect(formatDollars(29)).toBe('$29');
  });
});

describe('plan records (spec §3)', () => {
  it('has the three plans in order, Professional the only popular one', () => {
    expect(PLANS.map((p) => [p.name, p.persona, p.buttonText, p.isPopular])).toEqual([
      ['Starter', 'test the waters', 'Start Free Trial', false],
      ['Professional', 'scale your campaigns', 'Start Professional', true],
      ['Enterprise', 'power your business', 'Contact Sales', false],
    ]);
  });

  it('lists the first five features and counts the rest', () => {
    for (const p of PLANS) {
      const { shown, moreLabel } = listedFeatures(p.features);
      expect(shown).toEqual(p.features.slice(0, 5));
      expect(moreLabel).toBe('+1 more features');
    }
    expect(listedFeatures(['a', 'b'])).toEqual({ shown: ['a', 'b'], moreLabel: null });
    expect(listedFeatures(['1', '2', '3', '4', '5', '6', '7', '8']).moreLabel).toBe('+3 more features');
  });
});
