import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_ERROR_CODES, BILLING_PAGE_PATH, BILLING_PATHS, type BillingAccount } from '@vton/contracts';
import { Link } from 'react-router-dom';
import { apiRequest } from '../api/apiRequest.js';
import { useAuth } from '../auth/AuthProvider.js';
import type { ToastOptions } from '../toasts/toastStore.js';

/** GET /api/billing/account: the seller's plan and credits (svc-auth README, "Plans and credits"). */
export const billingAccountQuery = queryOptions({
  queryKey: [BILLING_PATHS.account],
  queryFn: async (): Promise<BillingAccount> => (await apiRequest('GET', BILLING_PATHS.account)).json(),
  staleTime: 0,
});

/** The signed-in seller's plan and credits (undefined while loading or signed out); shared by the shell and the remotes. */
export function useBillingAccount() {
  const { user } = useAuth();
  return useQuery({ ...billingAccountQuery, enabled: !!user });
}

/** Reads the plan and credits again (after a try-on was queued or finished, after Checkout). */
export function useRefreshBillingAccount(): () => Promise<void> {
  const client = useQueryClient();
  // the same function from render to render, so an effect may depend on it
  return useCallback(() => client.invalidateQueries({ queryKey: billingAccountQuery.queryKey }), [client]);
}

/**
 * A 402 of a try-on (INSUFFICIENT_CREDITS, PLAN_REQUIRED) as a toast with the server's message and a
 * link to the plan page; null for any other error.
 */
export function creditsErrorToast(error: unknown): ToastOptions | null {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^402: ([\s\S]*)$/.exec(text);
  if (!match) return null;
  let body: { code?: unknown; message?: unknown };
  try {
    body = JSON.parse(match[1]);
  } catch {
    return null;
  }
  if (typeof body.message !== 'string') return null;
  const planRequired = body.code === BILLING_ERROR_CODES.PLAN_REQUIRED;
  return {
    title: planRequired ? 'Choose a plan' : 'Not enough credits',
    description: (
      <>
        {body.message}{' '}
        <Link to={BILLING_PAGE_PATH} data-testid="credits-toast-link">
          {planRequired ? 'Choose a plan' : 'See plans and credits'}
        </Link>
      </>
    ),
    variant: 'destructive',
  };
}
