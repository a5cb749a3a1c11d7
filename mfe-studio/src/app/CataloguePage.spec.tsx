import { act, fireEvent, screen, within } from '@testing-library/react';
import type { BillingAccount, GarmentRecord, ModelPhotoRecord, TryOnRun } from '@vton/contracts';
import { resetToastsForTests } from '@vton/shell-sdk';
import { BILLING_OFF_ACCOUNT, BillingModeProbe, creditsAccount, renderWithHost } from '@vton/shell-sdk/testing';
import App from './App';

const product = { id: 1, name: 'Red shirt', filename: 'red.png', category: 'upper_body', width: 600, height: 600, url: '/g1', croppedUrl: '/g1c', cropData: null, uploadedAt: '' } as GarmentRecord;
const photo = (id: number) =>
  ({ id, status: 'ready', filename: `m${id}.png`, url: `/m${id}`, thumbnailUrl: `/m${id}t`, masks: { upper_body: { processedMaskUrl: '/mask', bounds: { x: 0, y: 0, width: 1, height: 1 } } } }) as unknown as ModelPhotoRecord;

/** A run of Red shirt on m1 and m2, both cells in `state`; `createdAt` tells the runs apart in "Your runs". */
function run(id: string, createdAt: string, state: 'queued' | 'succeeded'): TryOnRun {
  return {
    id,
    prompt: '',
    status: state === 'queued' ? 'running' : 'completed',
    garmentIds: [1],
    modelIds: [1, 2],
    counts: { total: 2, queued: 0, running: 0, succeeded: 0, failed: 0, skipped: 0, canceled: 0, [state]: 2 },
    createdAt,
    updatedAt: createdAt,
    cells: [1, 2].map((modelId) => ({ id: modelId, garmentId: 1, modelId, category: 'upper_body', state, attempts: 0, result: null, error: null })),
  };
}

const earlier = run('run-b', '2026-01-01T09:00:00.000Z', 'succeeded');
const started = run('run-a', '2026-01-01T10:00:00.000Z', 'queued');

beforeEach(() => {
  resetToastsForTests();
  let startedYet = false;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path.startsWith('/api/garments?')) return json({ garments: [product], nextCursor: null });
    if (path === '/api/models') return json([photo(1), photo(2)]);
    if (path === '/api/try-on/runs' && init?.method === 'POST') {
      startedYet = true;
      return json(started, 201);
    }
    if (path.startsWith('/api/try-on/runs?')) return json({ runs: (startedYet ? [started, earlier] : [earlier]).map(({ cells: _cells, ...summary }) => summary), nextCursor: null });
    if (path === `/api/try-on/runs/${earlier.id}`) return json(earlier);
    if (path === `/api/try-on/runs/${started.id}`) return json(started);
    return json({ statusCode: 404, message: 'Not found' }, 404);
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

/** Focuses and clicks, as a keyboard's Enter or a pointer does (jsdom's click alone moves no focus). */
function press(control: HTMLElement) {
  act(() => control.focus());
  fireEvent.click(control);
}

it('gives the run’s status the focus right after Start run, not when the seller comes back to that run later', async () => {
  renderWithHost(<App />, { path: '/app/runs', mount: '/app/*' });
  const planner = screen.getByRole('form', { name: 'Start a catalogue run' });
  fireEvent.click(await within(planner).findByRole('checkbox', { name: /Red shirt/ }));
  fireEvent.click(await within(planner).findByRole('button', { name: 'All' }));
  press(within(planner).getByRole('button', { name: 'Start run' }));
  const status = await screen.findByTestId('run-counts');
  expect(status).toHaveTextContent('0 of 2 cells finished');
  expect(status).toHaveFocus();

  // the seller looks at the earlier run, then comes back to the one started
  const runs = screen.getByRole('navigation', { name: 'Your runs' });
  const [toStarted, toEarlier] = within(runs).getAllByRole('button');
  press(toEarlier);
  expect(await screen.findByText('2 of 2 cells finished')).toBeInTheDocument();
  press(toStarted);
  expect(await screen.findByText('0 of 2 cells finished')).toBeInTheDocument();
  // the focus stays where the seller put it
  expect(toStarted).toHaveFocus();
});

/** A signed-in seller whose GET /api/billing/account answers `account`; the rest as above. */
function signInWith(account: BillingAccount) {
  localStorage.setItem('auth_token', 'token-a');
  const fetchMock = globalThis.fetch as jest.MockedFunction<typeof fetch>;
  const others = fetchMock.getMockImplementation()!;
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/auth/me') return json({ user: { id: 5, email: 'seller@example.com', isEmailVerified: 'true', createdAt: '' } });
    if (String(input) === '/api/billing/account') return json(account);
    return others(input, init);
  });
}

/** The planner's summary once the account has answered, with Red shirt on both model photos chosen. */
async function plannedRun() {
  renderWithHost(
    <>
      <App />
      <BillingModeProbe />
    </>,
    { path: '/app/runs', mount: '/app/*' },
  );
  await screen.findByTestId('billing-mode');
  const planner = screen.getByRole('form', { name: 'Start a catalogue run' });
  fireEvent.click(await within(planner).findByRole('checkbox', { name: /Red shirt/ }));
  fireEvent.click(await within(planner).findByRole('button', { name: 'All' }));
  return screen.getByTestId('run-plan');
}

it('counts the run’s credits against the seller’s balance', async () => {
  signInWith(creditsAccount(5));
  expect(await plannedRun()).toHaveTextContent(/^2 cells · 2 credits5 credits left$/);
});

it('with billing off speaks of no credits at all', async () => {
  signInWith(BILLING_OFF_ACCOUNT);
  expect(await plannedRun()).toHaveTextContent(/^2 cells$/);
  expect(screen.queryByText(/credit/i)).toBeNull();
});
