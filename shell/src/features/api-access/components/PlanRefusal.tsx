import { Link } from 'react-router-dom';
import { BILLING_ERRORS, BILLING_PAGE_PATH, PLANS, planAllows, planInForce, type BillingAccount, type PaidPlanId } from '@vton/contracts';
import { useBillingAccount } from '@vton/shell-sdk';

const NEEDS = {
  apiKeys: { message: BILLING_ERRORS.apiKeysNeedPlan, plan: 'professional' },
  webhooks: { message: BILLING_ERRORS.webhooksNeedPlan, plan: 'enterprise' },
} as const satisfies Record<string, { message: string; plan: PaidPlanId }>;

function currentPlan(account: BillingAccount): string {
  const name = PLANS[account.plan].name;
  if (!planInForce(account.status)) return account.plan === 'trial' ? 'Your free trial has ended.' : `Your ${name} plan has ended.`;
  return account.plan === 'trial' ? 'You are on the free trial.' : `You are on the ${name} plan.`;
}

/**
 * Why the seller's plan does not allow API keys or webhooks, with a link to the plan page (that plan
 * chosen); undefined when it does, or while the plan is not known (the server still refuses then).
 */
export function usePlanRefusal(what: keyof typeof NEEDS) {
  const { data: account } = useBillingAccount();
  if (!account || planAllows(account)[what]) return undefined;
  const { message, plan } = NEEDS[what];
  return (
    <>
      {message} {currentPlan(account)}{' '}
      <Link to={`${BILLING_PAGE_PATH}?plan=${plan}`}>See plans and upgrade</Link>
    </>
  );
}
