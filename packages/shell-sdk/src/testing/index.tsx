import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { BillingAccount } from '@vton/contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeRoot } from '@vton/ui';
// The viewport itself rather than the kit's DeferredToaster: a test sees a toast as soon as it is pushed.
import { Toaster } from '@vton/ui/toasts';
import { ShellProviders } from '../ShellProviders.js';
import { createQueryClient } from '../api/apiRequest.js';
import { useBillingAccount } from '../billing/billing.js';

interface HostOptions {
  /** The URL the test starts at. */
  path?: string;
  /** The route the remote is mounted under, as the shell mounts it (e.g. '/gallery/*'). */
  mount?: string;
  /** Stand-ins for other apps' pages a remote links to, e.g. { '/app': <h1>Try on</h1> }. */
  routes?: Record<string, ReactElement>;
}

/**
 * Test support for remotes (import from '@vton/shell-sdk/testing', never from app code):
 * renders a remote's element the way the shell mounts it — inside a Router, the SDK's
 * providers with the toast viewport, and the theme.
 */
export function renderWithHost(element: ReactElement, { path = '/', mount = '/*', routes = {} }: HostOptions = {}) {
  const queryClient = createQueryClient();
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeRoot>
        <ShellProviders queryClient={queryClient} Toaster={Toaster}>
          <Routes>
            <Route path={mount} element={element} />
            {Object.entries(routes).map(([routePath, page]) => (
              <Route key={routePath} path={routePath} element={page} />
            ))}
          </Routes>
        </ShellProviders>
      </ThemeRoot>
    </MemoryRouter>,
  );
  return { ...utils, queryClient };
}

/** The `traceparent` of an API call (apiHeaders): a new W3C trace, version 00, non-zero ids, sampled. */
export const NEW_TRACE_PARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-01$/;

/** A traceparent's trace id: two calls that share it are one trace. */
export function traceIdOf(traceparent: string): string {
  return traceparent.split('-')[1];
}

/**
 * What GET /api/billing/account answers with BILLING_MODE=off (svc-auth's BillingService.account):
 * no plan to show and no limit, so the credits read as unlimited to anything that forgets the mode.
 */
export const BILLING_OFF_ACCOUNT: BillingAccount = {
  mode: 'off',
  plan: 'enterprise',
  status: 'active',
  interval: null,
  trialEndsAt: null,
  renewsAt: null,
  credits: { available: null, reserved: 0 },
  checkout: false,
  portal: false,
  salesEmail: null,
};

/** What GET /api/billing/account answers with billing on: `available` credits on Starter, or Enterprise (unlimited) for null. */
export function creditsAccount(available: number | null): BillingAccount {
  return { ...BILLING_OFF_ACCOUNT, mode: 'credits', plan: available === null ? 'enterprise' : 'starter', credits: { available, reserved: 0 } };
}

/**
 * Shows the billing mode once GET /api/billing/account has answered and the page has rendered with
 * it: a test waits for it before asserting that billing off hides something (hidden is also how it
 * looks before the answer).
 */
export function BillingModeProbe() {
  const { data } = useBillingAccount();
  return data ? <output data-testid="billing-mode">{data.mode}</output> : null;
}
