import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { PAID_PLAN_IDS, PLANS, YEARLY_DISCOUNT_PERCENT, type BillingAccount, type BillingInterval, type BillingStatus, type PaidPlanId } from '@vton/contracts';
import { apiErrorMessage, apiErrorToast, toast, usePageTitle, useBillingAccount, useRefreshBillingAccount } from '@vton/shell-sdk';
import { Button, Container, PageHeader, Fetched } from '@vton/ui';
import { Actions, Muted, Panel, PanelTitle } from '../../../components/accountPanels';
import { useCheckout, usePortal } from '../api/checkout';
import { LedgerSection } from './LedgerSection';

const Body = styled(Container)`
  padding-bottom: 64px;
`;

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 16px 48px;
  margin: 0;
  dt { font-size: 13px; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 4px 0 0; font-size: 26px; font-weight: 700; }
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 16px;
`;

const PlanCard = styled.article<{ $chosen: boolean }>`
  display: grid;
  gap: 8px;
  align-content: start;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  ${({ $chosen, theme }) =>
    $chosen &&
    css`
      border-color: ${theme.colors.primary};
      box-shadow: 0 0 0 1px ${theme.colors.primary};
    `}
  h3 { font-size: 18px; }
  strong { font-size: 28px; }
`;

const Period = styled.div`
  display: flex;
  gap: 4px;
  /* the chosen period in border and fill: the outline is the keyboard's focus ring, which this rule replaced */
  button[aria-pressed='true'] { border-color: ${({ theme }) => theme.colors.primary}; background: rgba(139, 108, 255, 0.16); }
`;

const STATUS_TEXT: Record<BillingStatus, string> = {
  trialing: 'Free trial',
  trial_ended: 'Your free trial has ended',
  active: 'Active',
  past_due: 'Payment due: Stripe will try again',
  canceled: 'Cancelled',
};

/** "Professional · Active"; a trial running says "Free trial" once, not "Free trial · Free trial". */
function planTitle(account: BillingAccount): string {
  const plan = PLANS[account.plan].name;
  const status = STATUS_TEXT[account.status];
  return status === plan ? plan : `${plan} · ${status}`;
}

const isPaidPlan = (value: string | null): value is PaidPlanId => !!value && (PAID_PLAN_IDS as readonly string[]).includes(value);
const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : null);

/** Who changes a plan that is not bought through Stripe: SALES_EMAIL when set, else the operator. */
function OperatorContact({ salesEmail }: { salesEmail: string | null }) {
  return salesEmail ? <a href={`mailto:${salesEmail}`}>{salesEmail}</a> : <>the operator of this studio</>;
}

function CurrentPlan({ account }: { account: BillingAccount }) {
  const portal = usePortal();
  const { credits } = account;
  // A plan the operator set has no Stripe subscription to manage; buying one through Checkout replaces it (svc-auth allows it).
  // Without Stripe, the plans below already say whom to contact.
  const managedByOperator = account.checkout && !account.portal && account.plan !== 'trial';
  return (
    <Panel as="section" aria-labelledby="current-plan-title">
      <PanelTitle id="current-plan-title">
        {planTitle(account)}
      </PanelTitle>
      <Figures>
        <div>
          <dt>Credits left</dt>
          <dd data-testid="billing-credits-available">{credits.available === null ? 'Unlimited' : credits.available}</dd>
        </div>
        <div>
          <dt>Held by try-ons running now</dt>
          <dd>{credits.reserved}</dd>
        </div>
        {account.trialEndsAt && (
          <div>
            <dt>{account.status === 'trialing' ? 'Trial ends' : 'Trial ended'}</dt>
            <dd>{formatDate(account.trialEndsAt)}</dd>
          </div>
        )}
        {account.renewsAt && account.status !== 'canceled' && (
          <div>
            <dt>Renews</dt>
            <dd>{formatDate(account.renewsAt)}</dd>
          </div>
        )}
      </Figures>
      <Muted>One credit is one model of a try-on; Mock costs nothing. Unused credits roll over and never expire.</Muted>
      {account.portal && (
        <Actions>
          <Button
            variant="outline"
            loading={portal.isPending}
            onClick={() =>
              portal.mutate(undefined, {
                onError: (error) => toast(apiErrorToast(error, { title: 'Could not open billing', description: apiErrorMessage(error), variant: 'destructive' })),
              })
            }
          >
            Manage subscription
          </Button>
        </Actions>
      )}
      {managedByOperator && (
        <Muted data-testid="plan-managed-by">
          Your plan was set by <OperatorContact salesEmail={account.salesEmail} />; to cancel it, please contact them. Choosing a plan below replaces it with a
          subscription you manage here.
        </Muted>
      )}
    </Panel>
  );
}

function ChoosePlan({ account, chosen, interval, setInterval }: { account: BillingAccount; chosen: PaidPlanId | null; interval: BillingInterval; setInterval: (i: BillingInterval) => void }) {
  const checkout = useCheckout();
  return (
    <Panel as="section" aria-labelledby="plans-title">
      <PanelTitle id="plans-title">Plans</PanelTitle>
      <Period role="group" aria-label="Billing period">
        <Button variant="outline" size="sm" aria-pressed={interval === 'month'} onClick={() => setInterval('month')}>
          Monthly
        </Button>
        <Button variant="outline" size="sm" aria-pressed={interval === 'year'} onClick={() => setInterval('year')}>
          Yearly (save {YEARLY_DISCOUNT_PERCENT}%)
        </Button>
      </Period>
      <Cards>
        {PAID_PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          const current = account.plan === id && (account.status === 'active' || account.status === 'past_due');
          const price = interval === 'year' ? plan.yearlyPrice : plan.monthlyPrice;
          return (
            <PlanCard key={id} $chosen={chosen === id} aria-current={chosen === id || undefined} data-plan={id}>
              <h3>{plan.name}</h3>
              <strong>${price}</strong>
              <Muted>per month{interval === 'year' ? `, billed yearly ($${price * 12})` : ', billed monthly'}</Muted>
              <Muted>
                {plan.monthlyCredits === null ? 'Unlimited credits' : `${plan.monthlyCredits} credits a month`}
                {plan.webhooks ? ' · API keys and webhooks' : plan.apiKeys ? ' · API keys' : ''}
              </Muted>
              {current ? (
                <Muted>Your plan</Muted>
              ) : account.checkout ? (
                <Button
                  variant={chosen === id ? 'primary' : 'outline'}
                  loading={checkout.isPending && checkout.variables?.plan === id}
                  onClick={() =>
                    checkout.mutate(
                      { plan: id, interval },
                      { onError: (error) => toast(apiErrorToast(error, { title: 'Could not start checkout', description: apiErrorMessage(error), variant: 'destructive' })) },
                    )
                  }
                >
                  Choose {plan.name}
                </Button>
              ) : null}
            </PlanCard>
          );
        })}
      </Cards>
      {!account.checkout && <Muted data-testid="contact-operator">To change your plan, please contact <OperatorContact salesEmail={account.salesEmail} />.</Muted>}
    </Panel>
  );
}

/**
 * The page's heading. With billing off (BILLING_MODE=off) there is no plan or credit to show, and the
 * user menu has no "Plan & credits": a seller who comes here anyway (a typed or kept address, a plan
 * button of the pricing page) is told that every try-on is included, not shown a plan page without plans.
 */
const HEADINGS = {
  credits: { title: 'Plan & credits', description: 'Your plan, the credits you have left, and every credit granted and used.' },
  off: { title: 'No plan needed', description: 'This studio has no plans or credit limits: every try-on is included.' },
} as const;

/** /account/billing: the plan, the credits, buying a plan (Stripe Checkout) or managing it (portal), and the ledger. */
export default function BillingPage() {
  const [params, setParams] = useSearchParams();
  const account = useBillingAccount();
  // Until the account answers, the page is the one the menu names.
  const heading = HEADINGS[account.data?.mode ?? 'credits'];
  usePageTitle(heading.title);
  const refresh = useRefreshBillingAccount();
  const requestedPlan = params.get('plan');
  const [interval, setInterval] = useState<BillingInterval>(params.get('interval') === 'month' ? 'month' : 'year');

  // Back from Stripe Checkout: the plan follows as soon as Stripe's webhook arrives.
  useEffect(() => {
    if (params.get('checkout') !== 'success') return;
    toast({ title: 'Thank you!', description: 'Your plan will be active in a moment.' });
    void refresh();
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return from Checkout
  }, [params]);

  return (
    <>
      <PageHeader eyebrow="Account" title={heading.title} description={heading.description} />
      <Body>
        <Fetched reason={apiErrorMessage} state={account} loading="Loading your plan and credits..." failed="Your plan and credits could not be loaded.">
          {() =>
            account.data?.mode === 'credits' && (
              <>
                <CurrentPlan account={account.data} />
                <ChoosePlan account={account.data} chosen={isPaidPlan(requestedPlan) ? requestedPlan : null} interval={interval} setInterval={setInterval} />
                <LedgerSection />
              </>
            )
          }
        </Fetched>
      </Body>
    </>
  );
}
