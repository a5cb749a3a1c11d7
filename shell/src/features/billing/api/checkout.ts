import { useMutation } from '@tanstack/react-query';
import { BILLING_PATHS, type BillingRedirect, type CheckoutRequest } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** POST /api/billing/checkout: a Stripe Checkout page for the plan and period; the browser goes there. */
export async function startCheckout(body: CheckoutRequest): Promise<BillingRedirect> {
  return (await apiRequest('POST', BILLING_PATHS.checkout, body)).json();
}

/** POST /api/billing/portal: Stripe's customer portal (change or cancel the plan, invoices, card). */
export async function openPortal(): Promise<BillingRedirect> {
  return (await apiRequest('POST', BILLING_PATHS.portal)).json();
}

export function useCheckout() {
  return useMutation({ mutationFn: startCheckout, onSuccess: ({ url }) => window.location.assign(url) });
}

export function usePortal() {
  return useMutation({ mutationFn: openPortal, onSuccess: ({ url }) => window.location.assign(url) });
}
