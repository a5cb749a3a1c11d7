import { useState } from 'react';
import styled from 'styled-components';
import { AccentBadge, Button } from '@vton/ui';
import { LandingSection } from '../../../components/Section';
import { PLANS } from '../data/plans';
import { DEFAULT_BILLING_PERIOD, YEARLY_SAVINGS_LABEL, type BillingPeriod } from '../utils/pricing';
import { PlanCard } from './PlanCard';

const Toggle = styled.div`
  display: flex;
  width: fit-content;
  margin: 0 auto 40px;
  padding: 4px;
  gap: 4px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
`;

/** The kit's ghost button, raised while its period is the chosen one (even under the pointer). */
const PeriodButton = styled(Button)`
  border-radius: ${({ theme }) => theme.radii.pill};
  &&[aria-pressed='true'] { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: 24px;
  align-items: stretch;
`;

const Trust = styled.div`
  margin-top: 56px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Logos = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 16px 40px;
  margin: 20px 0 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    font-weight: 750;
    font-size: 18px;
    letter-spacing: -0.02em;
    color: #8d8da3;
  }
  li::before {
    content: '';
    width: 18px;
    height: 18px;
    border-radius: 6px;
    background: currentColor;
    opacity: 0.6;
  }
`;

/** Placeholder marks for the platforms sellers publish to (spec §2: a row of placeholder logos). */
const PLATFORM_LOGOS = ['Storefront', 'Marketplace', 'Social Shop', 'Lookbook', 'Catalog'];

/** Spec §2 pricing: yearly by default with the saving badge, three plan cards, then the trust row. */
export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD);
  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple pricing for every catalog"
      lead="Start with a 7-day free trial. Unused credits roll over and never expire."
    >
      <Toggle role="group" aria-label="Billing period">
        <PeriodButton variant="ghost" aria-pressed={period === 'monthly'} onClick={() => setPeriod('monthly')}>
          Monthly
        </PeriodButton>
        <PeriodButton variant="ghost" aria-pressed={period === 'yearly'} onClick={() => setPeriod('yearly')}>
          Yearly <AccentBadge>{YEARLY_SAVINGS_LABEL}</AccentBadge>
        </PeriodButton>
      </Toggle>
      <Cards>
        {PLANS.map((plan) => (
          <PlanCard key={plan.name} plan={plan} period={period} />
        ))}
      </Cards>
      <Trust>
        <p>Trusted by 1,800+ brands</p>
        <Logos aria-label="Platforms our customers sell on">
          {PLATFORM_LOGOS.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </Logos>
      </Trust>
    </LandingSection>
  );
}
