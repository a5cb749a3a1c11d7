import styled, { css } from 'styled-components';
import type { Plan } from '../data/plans';
import { PlanButton } from './PlanButton';
import { formatDollars, listedFeatures, priceDisplay, type BillingPeriod } from '../utils/pricing';

const Card = styled.article<{ $popular: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  padding: 32px 28px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  ${({ $popular, theme }) =>
    $popular &&
    css`
      border-color: ${theme.colors.primary};
      box-shadow: 0 0 0 1px ${theme.colors.primary}, 0 24px 60px rgba(139, 108, 255, 0.25);
    `}
  h3 { font-size: 22px; }
`;

const Popular = styled.p`
  position: absolute;
  top: -13px;
  left: 50%;
  transform: translateX(-50%);
  padding: 3px 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.gradients.brand};
  font-size: 13px;
  font-weight: 700;
  white-space: nowrap;
`;

const Persona = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  &::first-letter { text-transform: uppercase; }
`;

const Price = styled.p`
  margin-top: 24px;
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 4px 8px;
  strong { font-size: 44px; font-weight: 800; letter-spacing: -0.02em; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
  s { color: ${({ theme }) => theme.colors.textMuted}; font-size: 18px; }
`;

const Saving = styled.p`
  min-height: 24px;
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.accent};
  font-size: 14px;
  font-weight: 600;
`;

const Features = styled.ul`
  flex: 1;
  margin: 24px 0 28px;
  padding: 0;
  list-style: none;
  display: grid;
  align-content: start;
  gap: 10px;
  li { display: flex; gap: 10px; }
  li::first-letter { text-transform: uppercase; }
  li::before { content: '✓'; color: ${({ theme }) => theme.colors.accent}; font-weight: 700; }
`;

const More = styled.li`
  color: ${({ theme }) => theme.colors.textMuted};
  &::before { visibility: hidden; }
`;

/** One plan: its price for the chosen period, the first five features, and its button (sign-up, the plan page, or sales). */
export function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const price = priceDisplay(plan, period);
  const { shown, moreLabel } = listedFeatures(plan.features);
  const headingId = `plan-${plan.name.toLowerCase()}`;
  return (
    <Card $popular={plan.isPopular} aria-labelledby={headingId} data-plan={plan.name}>
      {plan.isPopular && <Popular>Most Popular</Popular>}
      <h3 id={headingId}>{plan.name}</h3>
      <Persona>{plan.persona}</Persona>
      <Price>
        <strong data-testid="plan-price">{formatDollars(price.amount)}</strong>
        <span>/{price.period}</span>
        {price.crossedOut !== undefined && (
          <s data-testid="plan-crossed-out">{formatDollars(price.crossedOut)}</s>
        )}
      </Price>
      <Saving data-testid="plan-saving">{price.saving !== undefined ? `Save ${formatDollars(price.saving)} per year` : 'Billed monthly'}</Saving>
      <Features>
        {shown.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
        {moreLabel && <More>{moreLabel}</More>}
      </Features>
      <PlanButton plan={plan} period={period} />
    </Card>
  );
}
