import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BillingAccount, LedgerEntry } from '@vton/contracts';
import { resetToastsForTests } from '@vton/shell-sdk';
import { BILLING_OFF_ACCOUNT } from '@vton/shell-sdk/testing';
import { renderShell } from '../../../test/renderShell';

jest.mock('../../remotes/lib/federation', () => ({
  startRemotes: jest.fn().mockResolvedValue(undefined),
  loadRemoteComponent: jest.fn(async () => () => null),
}));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** A Professional plan on an installation with Stripe; each test says whether Stripe bills it. */
const PROFESSIONAL: BillingAccount = {
  mode: 'credits',
  plan: 'professional',
  status: 'active',
  interval: null,
  trialEndsAt: null,
  renewsAt: '2026-06-01T10:00:00Z',
  credits: { available: 510, reserved: 0 },
  checkout: true,
  portal: false,
  salesEmail: null,
};

/** A ledger of `total` grants of one credit, newest first. */
const grants = (total: number): LedgerEntry[] =>
  Array.from({ length: total }, (_, i) => ({
    id: `e${total - i}`, kind: 'grant', credits: 1, change: 1, balance: total - i, reserved: 0, key: null, note: `Grant ${total - i}`, createdAt: '2026-05-01T10:00:00Z',
  }));

/** The ledger as GET /api/billing/ledger pages it. */
function ledgerPage(entries: LedgerEntry[], page: number, pageSize: number) {
  return { entries: entries.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: entries.length };
}

/**
 * svc-auth as the plan page sees it: the account record (or its failure), the ledger (empty unless
 * told: a number of grants, or the entries), Checkout and the portal. `bodies` keeps what each POST sent, by call.
 */
function fakeServer(account: BillingAccount | (() => Response | Promise<Response>), ledger: number | LedgerEntry[] = 0) {
  const ledgerEntries = typeof ledger === 'number' ? grants(ledger) : ledger;
  const calls: string[] = [];
  const bodies: Record<string, unknown> = {};
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const [url, query] = String(input).split('?');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (method === 'POST') bodies[url] = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    if (url === '/api/auth/me') return json({ user: { id: 1, email: 'ada@example.com' } });
    if (url === '/api/billing/account') return typeof account === 'function' ? account() : json(account);
    if (url === '/api/billing/ledger') {
      const params = new URLSearchParams(query);
      return json(ledgerPage(ledgerEntries, Number(params.get('page')), Number(params.get('pageSize'))));
    }
    // A same-document address: jsdom follows it without leaving the page.
    if (url === '/api/billing/portal' && method === 'POST') return json({ url: 'http://localhost/account/billing#stripe-portal' });
    if (url === '/api/billing/checkout' && method === 'POST') return json({ url: 'http://localhost/account/billing#stripe-checkout' });
    throw new Error(`unexpected request ${method} ${url}`);
  }) as typeof fetch;
  return { calls, bodies };
}

const currentPlan = async () => screen.findByRole('region', { name: 'Professional · Active' });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('auth_token', 'test-token');
  resetToastsForTests();
});

it('offers "Manage subscription" for a plan bought through Stripe, and it opens the customer portal', async () => {
  const server = fakeServer({ ...PROFESSIONAL, interval: 'month', portal: true });
  renderShell('/account/billing');
  const plan = await currentPlan();
  expect(within(plan).queryByText(/Your plan was set by/)).not.toBeInTheDocument();
  fireEvent.click(within(plan).getByRole('button', { name: 'Manage subscription' }));
  await waitFor(() => expect(server.calls).toContain('POST /api/billing/portal'));
  await waitFor(() => expect(window.location.hash).toBe('#stripe-portal'));
});

it('says who set a plan the operator set and that a plan bought here replaces it, instead of offering a portal it does not have', async () => {
  const server = fakeServer(PROFESSIONAL);
  renderShell('/account/billing');
  const plan = await currentPlan();
  expect(within(plan).getByTestId('plan-managed-by')).toHaveTextContent(
    'Your plan was set by the operator of this studio; to cancel it, please contact them. Choosing a plan below replaces it with a subscription you manage here.',
  );
  expect(within(plan).queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  // what the note says: another plan can still be bought here
  expect(screen.getByRole('button', { name: 'Choose Enterprise' })).toBeEnabled();
  expect(server.calls).not.toContain('POST /api/billing/portal');
});

it('names the sales address as the one who set an operator-set plan when SALES_EMAIL is set', async () => {
  fakeServer({ ...PROFESSIONAL, salesEmail: 'sales@example.com' });
  renderShell('/account/billing');
  const plan = await currentPlan();
  expect(within(plan).getByTestId('plan-managed-by')).toHaveTextContent(/^Your plan was set by sales@example\.com; to cancel it, please contact them\./);
  expect(within(plan).getByRole('link', { name: 'sales@example.com' })).toHaveAttribute('href', 'mailto:sales@example.com');
});

it('says when the free trial has ended', async () => {
  fakeServer({ ...PROFESSIONAL, plan: 'trial', status: 'trial_ended', renewsAt: null, trialEndsAt: '2026-06-01T10:00:00Z', credits: { available: 0, reserved: 0 } });
  renderShell('/account/billing');
  expect(await screen.findByRole('region', { name: 'Free trial · Your free trial has ended' })).toBeInTheDocument();
});

it('has neither the portal nor the note during the trial: the plans below are bought through Stripe', async () => {
  fakeServer({ ...PROFESSIONAL, plan: 'trial', status: 'trialing', renewsAt: null, trialEndsAt: '2026-06-01T10:00:00Z', credits: { available: 10, reserved: 0 } });
  renderShell('/account/billing');
  const plan = await screen.findByRole('region', { name: 'Free trial' });
  expect(within(plan).queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  expect(within(plan).queryByTestId('plan-managed-by')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Choose Professional' })).toBeInTheDocument();
});

it.each([
  ['Monthly', 'month'],
  ['Yearly', 'year'],
])('Choose, %s, posts the plan and the period to /api/billing/checkout and goes to the Checkout page it answers', async (period, interval) => {
  const server = fakeServer({ ...PROFESSIONAL, plan: 'trial', status: 'trialing', renewsAt: null, trialEndsAt: '2026-06-01T10:00:00Z', credits: { available: 10, reserved: 0 } });
  renderShell('/account/billing');
  const periods = await screen.findByRole('group', { name: 'Billing period' });
  fireEvent.click(within(periods).getByRole('button', { name: new RegExp(`^${period}`) }));
  fireEvent.click(screen.getByRole('button', { name: 'Choose Starter' }));
  await waitFor(() => expect(server.calls).toContain('POST /api/billing/checkout'));
  expect(server.bodies['/api/billing/checkout']).toEqual({ plan: 'starter', interval });
  await waitFor(() => expect(window.location.hash).toBe('#stripe-checkout'));
});

it('with billing off is headed "No plan needed", says every try-on is included, and shows no credits, plans or credit history', async () => {
  const server = fakeServer(BILLING_OFF_ACCOUNT);
  renderShell('/account/billing');
  expect(await screen.findByRole('heading', { level: 1, name: 'No plan needed' })).toBeInTheDocument();
  expect(screen.getByText('This studio has no plans or credit limits: every try-on is included.')).toBeInTheDocument();
  await waitFor(() => expect(document.title).toMatch(/^No plan needed/));
  expect(screen.queryByText(/Plan & credits|Your plan, the credits you have left/)).not.toBeInTheDocument();
  expect(screen.queryByTestId('billing-credits-available')).not.toBeInTheDocument();
  expect(screen.queryByText('Credits left')).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Plans' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Choose / })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Credit history' })).not.toBeInTheDocument();
  expect(server.calls).not.toContain('GET /api/billing/ledger');
});

it('keeps the focus on the credit history pager when Older reaches the last page and Newer the first', async () => {
  fakeServer(PROFESSIONAL, 15);
  renderShell('/account/billing');
  const ledger = await screen.findByRole('region', { name: 'Credit history' });
  expect(await within(ledger).findByText('Grant 15')).toBeInTheDocument();
  within(ledger).getByRole('button', { name: 'Older' }).focus();
  fireEvent.click(within(ledger).getByRole('button', { name: 'Older' }));
  expect(await within(ledger).findByText('Grant 5')).toBeInTheDocument();
  expect(within(ledger).getByText('Page 2 of 2')).toBeInTheDocument();
  expect(within(ledger).getByRole('button', { name: 'Older' })).toBeDisabled();
  expect(within(ledger).getByRole('button', { name: 'Newer' })).toHaveFocus();

  fireEvent.click(within(ledger).getByRole('button', { name: 'Newer' }));
  expect(await within(ledger).findByText('Grant 15')).toBeInTheDocument();
  expect(within(ledger).getByRole('button', { name: 'Newer' })).toBeDisabled();
  expect(within(ledger).getByRole('button', { name: 'Older' })).toHaveFocus();
});

it('says the plan and credits could not be loaded, and why, and Try again reads them again', async () => {
  let fail = true;
  const server = fakeServer(() => (fail ? json({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, 500) : json(PROFESSIONAL)));
  renderShell('/account/billing');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/^Your plan and credits could not be loaded\. boomTry again$/);
  fail = false;
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await currentPlan()).toBeInTheDocument();
  expect(server.calls.filter((call) => call === 'GET /api/billing/account').length).toBeGreaterThanOrEqual(2);
});

it('says what it is loading beside the spinner while the plan and credits are read', async () => {
  fakeServer(() => new Promise<Response>(() => undefined));
  renderShell('/account/billing');
  const status = (await screen.findByText('Loading your plan and credits...')).closest('[role="status"]');
  expect(status).not.toBeNull();
});

it('shows a plan the operator set as "Plan set" with the plan and who set it, and no credits: not "Adjusted 0"', async () => {
  const entry = (id: string, kind: LedgerEntry['kind'], credits: number, balance: number, note: string): LedgerEntry => ({
    id, kind, credits, change: credits, balance, reserved: 0, key: null, note, createdAt: '2026-05-01T10:00:00Z',
  });
  fakeServer(PROFESSIONAL, [
    entry('e3', 'grant', 500, 510, 'Professional plan: credits for the month'),
    entry('e2', 'plan', 0, 10, 'Professional, by the operator of this studio'),
    entry('e1', 'grant', 10, 10, 'Free trial (7 days)'),
  ]);
  renderShell('/account/billing');
  const ledger = await screen.findByRole('region', { name: 'Credit history' });
  await within(ledger).findByText('Free trial (7 days)');
  const rows = within(ledger).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['Granted', '+500', 'Balance 510', 'Professional plan: credits for the month'],
    ['Plan set', '', 'Balance 10', 'Professional, by the operator of this studio'],
    ['Granted', '+10', 'Balance 10', 'Free trial (7 days)'],
  ]);
});
