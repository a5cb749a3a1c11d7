import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { BILLING_PAGE_PATH, BILLING_PATHS, type BillingOffer } from '@vton/contracts';
import { apiRequest, useAuth } from '@vton/shell-sdk';
import { buttonStyles, type ButtonSize, type ButtonVariant } from '@vton/ui';
import { ButtonLink } from '../../../components/ButtonLink';
import type { Plan } from '../data/plans';
import type { BillingPeriod } from '../utils/pricing';

const MailButton = styled.a<{ $variant?: ButtonVariant; $size?: ButtonSize }>`
  ${buttonStyles}
`;

/** GET /api/billing/offer: whether sales can be written to (SALES_EMAIL); read once the page runs in a browser. */
function useBillingOffer() {
  return useQuery({
    queryKey: [BILLING_PATHS.offer],
    queryFn: async (): Promise<BillingOffer> => (await apiRequest('GET', BILLING_PATHS.offer)).json(),
    staleTime: Infinity,
  });
}

/**
 * A plan card's button: signed out it leads to sign-up; signed in to the plan page with this plan
 * and billing period chosen. "Contact Sales" writes to SALES_EMAIL when the operator set one.
 */
export function PlanButton({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const { isAuthenticated } = useAuth();
  const offer = useBillingOffer();
  const variant: ButtonVariant = plan.isPopular ? 'primary' : 'outline';
  const salesEmail = offer.data?.salesEmail;
  if (plan.buttonText === 'Contact Sales' && salesEmail) {
    return (
      <MailButton href={`mailto:${salesEmail}?subject=${encodeURIComponent(`${plan.name} plan`)}`} $variant={variant} $size="lg">
        {plan.buttonText}
      </MailButton>
    );
  }
  const interval = period === 'yearly' ? 'year' : 'month';
  const to = isAuthenticated ? `${BILLING_PAGE_PATH}?plan=${plan.id}&interval=${interval}` : '/auth?tab=register';
  return (
    <ButtonLink to={to} $variant={variant} $size="lg">
      {plan.buttonText}
    </ButtonLink>
  );
}
