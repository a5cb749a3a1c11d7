import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT, type ApiKeyRecord, type BillingAccount, type PlanId, type WebhookEndpointRecord } from '@vton/contracts';
import { resetToastsForTests } from '@vton/shell-sdk';
import { renderShell } from '../../../test/renderShell';

jest.mock('../../remotes/lib/federation', () => ({
  startRemotes: jest.fn().mockResolvedValue(undefined),
  loadRemoteComponent: jest.fn(async () => () => null),
}));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const KEY = `vtk_${'A1b2C3d4'.repeat(5)}xyz`;

/** The seller's plan as GET /api/billing/account answers it. */
const billingAccount = (plan: PlanId, status: BillingAccount['status'] = plan === 'trial' ? 'trialing' : 'active'): BillingAccount => ({
  mode: 'credits', plan, status, interval: null, trialEndsAt: null, renewsAt: null, credits: { available: plan === 'enterprise' ? null : 10, reserved: 0 }, checkout: false, portal: false, salesEmail: null,
});

/** The server side of the page, in memory: keys and webhook endpoints, on the Enterprise plan unless told. */
function fakeServer(account = billingAccount('enterprise')) {
  const keys: ApiKeyRecord[] = [];
  const endpoints: WebhookEndpointRecord[] = [];
  const calls: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/auth/me') return json({ user: { id: 1, email: 'ada@example.com' } });
    if (url === '/api/billing/account') return json(account);
    if (url === '/api/auth/api-keys' && method === 'GET') return json({ keys });
    if (url === '/api/auth/api-keys' && method === 'POST') {
      const record = { id: `k${keys.length + 1}`, name: body.name, prefix: KEY.slice(0, 12), scopes: body.scopes, createdAt: '2026-05-01T10:00:00Z', lastUsedAt: null };
      keys.unshift(record);
      return json({ ...record, key: KEY }, 201);
    }
    const revoke = /^\/api\/auth\/api-keys\/(\w+)$/.exec(url);
    if (revoke && method === 'DELETE') {
      keys.splice(keys.findIndex((k) => k.id === revoke[1]), 1);
      return new Response(null, { status: 204 });
    }
    if (url === '/api/try-on/webhooks' && method === 'GET') return json({ endpoints });
    if (url === '/api/try-on/webhooks' && method === 'POST') {
      if (body.url.startsWith('https://10.')) return json({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'This URL points to a private, loopback or link-local address, which webhooks cannot reach' }, 400);
      const record = { id: `w${endpoints.length + 1}`, url: body.url, events: body.events, createdAt: '2026-05-01T10:00:00Z', disabledAt: null, lastDelivery: null };
      endpoints.push(record);
      return json({ ...record, secret: 'whsec_c2VjcmV0' }, 201);
    }
    const removed = /^\/api\/try-on\/webhooks\/(\w+)$/.exec(url);
    if (removed && method === 'DELETE') {
      endpoints.splice(endpoints.findIndex((e) => e.id === removed[1]), 1);
      return new Response(null, { status: 204 });
    }
    throw new Error(`unexpected request ${method} ${url}`);
  }) as typeof fetch;
  return { keys, calls };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('auth_token', 'test-token');
  resetToastsForTests();
});

it('creates a key shown once in full, then lists it by its prefix, and revokes it after a confirmation', async () => {
  const server = fakeServer();
  renderShell('/account/api-keys');
  expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
  expect(await screen.findByText('You have no API keys yet.')).toBeInTheDocument();

  const form = screen.getByRole('form', { name: 'Create an API key' });
  fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Give the key a name');

  fireEvent.change(within(form).getByLabelText('Key name'), { target: { value: 'Shop sync' } });
  fireEvent.click(within(form).getByRole('checkbox', { name: /gallery:read/ }));
  fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
  expect(await screen.findByDisplayValue(KEY)).toBeInTheDocument();
  expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
  const table = await screen.findByRole('table');
  expect(within(table).getByText('Shop sync')).toBeInTheDocument();
  expect(within(table).getByText(`${KEY.slice(0, 12)}…`)).toBeInTheDocument();
  expect(within(table).getByText('try-on, gallery:read')).toBeInTheDocument();
  expect(within(table).getByText('Never')).toBeInTheDocument();
  expect(table).not.toHaveTextContent(KEY);

  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  expect(screen.queryByDisplayValue(KEY)).not.toBeInTheDocument();

  fireEvent.click(within(table).getByRole('button', { name: 'Revoke Shop sync' }));
  fireEvent.click(within(table).getByRole('button', { name: 'Confirm revoking Shop sync' }));
  await waitFor(() => expect(server.calls).toContain('DELETE /api/auth/api-keys/k1'));
  expect(await screen.findByText('You have no API keys yet.')).toBeInTheDocument();
});

it('creates one key when Create key is clicked twice in a row', async () => {
  const server = fakeServer();
  renderShell('/account/api-keys');
  const form = await screen.findByRole('form', { name: 'Create an API key' });
  fireEvent.change(within(form).getByLabelText('Key name'), { target: { value: 'Shop sync' } });
  const create = within(form).getByRole('button', { name: 'Create key' });
  fireEvent.click(create);
  fireEvent.click(create);
  expect(await screen.findByDisplayValue(KEY)).toBeInTheDocument();
  expect(server.calls.filter((call) => call === 'POST /api/auth/api-keys')).toHaveLength(1);
  expect(within(await screen.findByRole('table')).getAllByText('Shop sync')).toHaveLength(1);
});

it('adds a webhook endpoint and shows its signing secret once; a refused URL says why', async () => {
  fakeServer();
  renderShell('/account/api-keys');
  const form = await screen.findByRole('form', { name: 'Add a webhook endpoint' });
  fireEvent.change(within(form).getByLabelText('Endpoint URL'), { target: { value: 'https://10.0.0.5/hook' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('private, loopback or link-local');

  fireEvent.change(within(form).getByLabelText('Endpoint URL'), { target: { value: 'https://shop.example/hook' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
  expect(await screen.findByDisplayValue('whsec_c2VjcmV0')).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
  expect(within(list).getByText('https://shop.example/hook')).toBeInTheDocument();
  expect(within(list).getByText('job.completed, job.failed · added', { exact: false })).toBeInTheDocument();
  expect(within(list).getByRole('button', { name: 'Send test event' })).toBeEnabled();
});

it('says which list could not be loaded and why, in its own section; the other section lists as usual', async () => {
  fakeServer();
  const answer = global.fetch;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/auth/api-keys' && (init?.method ?? 'GET') === 'GET'
      ? json({ statusCode: 403, code: 'FORBIDDEN', message: 'This session cannot read keys' }, 403)
      : answer(input, init),
  ) as typeof fetch;
  renderShell('/account/api-keys');
  const keys = await screen.findByRole('region', { name: 'Your API keys' });
  expect(await within(keys).findByRole('alert')).toHaveTextContent('Your keys could not be loaded. This session cannot read keysTry again');
  const webhooks = screen.getByRole('region', { name: 'Webhooks' });
  expect(await within(webhooks).findByText('No webhook endpoints yet.')).toBeInTheDocument();
  expect(within(webhooks).queryByRole('alert')).toBeNull();
});

describe('the keyboard focus stays where the seller works (never lost to the page start)', () => {
  /** Fills the form and submits it: Copy of the secret shown takes the focus, then after Done the form's button again. */
  const createAndDismiss = async (formName: string, field: string, value: string, submit: string) => {
    const form = await screen.findByRole('form', { name: formName });
    fireEvent.change(within(form).getByLabelText(field), { target: { value } });
    fireEvent.click(within(form).getByRole('button', { name: submit }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy' })).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(within(screen.getByRole('form', { name: formName })).getByRole('button', { name: submit })).toHaveFocus();
  };
  const createKey = async (name: string) => {
    await createAndDismiss('Create an API key', 'Key name', name, 'Create key');
    await screen.findByRole('cell', { name });
  };

  it('on keys: Copy after Create key, Create key after Done, Cancel after Revoke, Revoke after Cancel, the next key after a revoke, the heading after the last', async () => {
    fakeServer();
    renderShell('/account/api-keys');
    await createKey('Shop sync');
    await createKey('Feed export');
    const table = screen.getByRole('table');

    fireEvent.click(within(table).getByRole('button', { name: 'Revoke Feed export' }));
    expect(within(table).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(table).getByRole('button', { name: 'Cancel' }));
    expect(within(table).getByRole('button', { name: 'Revoke Feed export' })).toHaveFocus();

    fireEvent.click(within(table).getByRole('button', { name: 'Revoke Feed export' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Confirm revoking Feed export' }));
    await waitFor(() => expect(within(table).queryByText('Feed export')).not.toBeInTheDocument());
    expect(within(table).getByRole('button', { name: 'Revoke Shop sync' })).toHaveFocus();

    fireEvent.click(within(table).getByRole('button', { name: 'Revoke Shop sync' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Confirm revoking Shop sync' }));
    expect(await screen.findByText('You have no API keys yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your API keys' })).toHaveFocus();
  });

  it('on webhooks: Copy after Add endpoint, Add endpoint after Done, the next endpoint after a delete, the heading after the last', async () => {
    fakeServer();
    renderShell('/account/api-keys');
    for (const url of ['https://shop.example/a', 'https://shop.example/b']) await createAndDismiss('Add a webhook endpoint', 'Endpoint URL', url, 'Add endpoint');
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    await within(list).findByText('https://shop.example/b');

    fireEvent.click(within(list).getByRole('button', { name: 'Delete endpoint https://shop.example/a' }));
    await waitFor(() => expect(within(list).queryByText('https://shop.example/a')).not.toBeInTheDocument());
    expect(within(list).getByRole('button', { name: 'Delete endpoint https://shop.example/b' })).toHaveFocus();

    fireEvent.click(within(list).getByRole('button', { name: 'Delete endpoint https://shop.example/b' }));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toHaveFocus();
  });

  it('on webhooks at the limit: Done puts the focus on the limit note, and a delete after it leaves the focus on the next endpoint, not the form that comes back', async () => {
    fakeServer();
    renderShell('/account/api-keys');
    const urls = Array.from({ length: MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT }, (_, i) => `https://shop.example/${i}`);
    for (const url of urls.slice(0, -1)) await createAndDismiss('Add a webhook endpoint', 'Endpoint URL', url, 'Add endpoint');
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    fireEvent.change(within(form).getByLabelText('Endpoint URL'), { target: { value: urls.at(-1) } });
    fireEvent.submit(form);
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    const note = await screen.findByText(/the most an account can have/);
    expect(note).toHaveFocus();

    const list = screen.getByRole('list', { name: 'Webhook endpoints' });
    fireEvent.click(within(list).getByRole('button', { name: `Delete endpoint ${urls[0]}` }));
    await screen.findByRole('form', { name: 'Add a webhook endpoint' });
    expect(within(list).getByRole('button', { name: `Delete endpoint ${urls[1]}` })).toHaveFocus();
  });
});

it('is in the user menu', async () => {
  fakeServer();
  renderShell('/');
  fireEvent.click(await screen.findByRole('button', { name: 'Account menu for ada@example.com' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'API keys' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/api-keys'));
});

describe('a plan without API access', () => {
  it('on the free trial: both forms are disabled with the plan they need and a link to upgrade, and nothing is sent', async () => {
    const server = fakeServer(billingAccount('trial'));
    renderShell('/account/api-keys');
    const keyForm = await screen.findByRole('form', { name: 'Create an API key' });
    await waitFor(() => expect(within(keyForm).getByRole('button', { name: 'Create key' })).toBeDisabled());
    expect(keyForm).toHaveAccessibleDescription('API keys need the Professional or Enterprise plan. You are on the free trial. See plans and upgrade');
    expect(within(keyForm).getByLabelText('Key name')).toBeDisabled();
    expect(within(keyForm).getByRole('checkbox', { name: /try-on/ })).toBeDisabled();
    expect(within(keyForm).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/account/billing?plan=professional');

    const hookForm = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    expect(hookForm).toHaveAccessibleDescription('Webhooks need the Enterprise plan. You are on the free trial. See plans and upgrade');
    expect(within(hookForm).getByRole('button', { name: 'Add endpoint' })).toBeDisabled();
    expect(within(hookForm).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/account/billing?plan=enterprise');

    fireEvent.submit(keyForm);
    fireEvent.submit(hookForm);
    expect(server.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('on Professional: keys can be made, webhooks say they need Enterprise', async () => {
    fakeServer(billingAccount('professional'));
    renderShell('/account/api-keys');
    const hookForm = await screen.findByRole('form', { name: 'Add a webhook endpoint' });
    await waitFor(() => expect(within(hookForm).getByRole('button', { name: 'Add endpoint' })).toBeDisabled());
    expect(hookForm).toHaveAccessibleDescription('Webhooks need the Enterprise plan. You are on the Professional plan. See plans and upgrade');
    const keyForm = screen.getByRole('form', { name: 'Create an API key' });
    expect(within(keyForm).getByRole('button', { name: 'Create key' })).toBeEnabled();
    expect(within(keyForm).queryByRole('link', { name: 'See plans and upgrade' })).toBeNull();
  });

  it('a Professional plan that has ended: keys are refused too, and the page says the plan ended', async () => {
    fakeServer(billingAccount('professional', 'canceled'));
    renderShell('/account/api-keys');
    const keyForm = await screen.findByRole('form', { name: 'Create an API key' });
    await waitFor(() => expect(within(keyForm).getByRole('button', { name: 'Create key' })).toBeDisabled());
    expect(keyForm).toHaveAccessibleDescription('API keys need the Professional or Enterprise plan. Your Professional plan has ended. See plans and upgrade');
  });
});
