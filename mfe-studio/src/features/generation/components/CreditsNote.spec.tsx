import { screen } from '@testing-library/react';
import type { BillingAccount } from '@vton/contracts';
import { BILLING_OFF_ACCOUNT, BillingModeProbe, creditsAccount, renderWithHost } from '@vton/shell-sdk/testing';
import { WorkspaceStoreContext, createWorkspaceStore, type WorkspaceModelPhoto } from '../../../stores/workspaceStore';
import { CreditsNote } from './CreditsNote';

const model = (n: number): WorkspaceModelPhoto => ({
  key: `model-${n}`, id: n, filename: `m${n}.jpg`, url: `/m${n}`, thumbnailUrl: `/m${n}t`, width: 800, height: 1200, status: 'ready',
  maskThumbnailUrl: null, inpaint: null, masks: {}, uploadedAt: '2026-01-01T10:00:00.000Z',
});

/** The note under Try on for a signed-in seller whose GET /api/billing/account answers `account`, with `models` ready. */
function renderNote(account: BillingAccount, models: number) {
  localStorage.setItem('auth_token', 'token-a');
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/auth/me') return json({ user: { id: 5, email: 'seller@example.com', isEmailVerified: 'true', createdAt: '' } });
    if (String(input) === '/api/billing/account') return json(account);
    throw new Error(`unexpected request ${String(input)}`);
  });
  const store = createWorkspaceStore({ models: Array.from({ length: models }, (_, i) => model(i + 1)) });
  renderWithHost(
    <WorkspaceStoreContext.Provider value={store}>
      <CreditsNote />
      <BillingModeProbe />
    </WorkspaceStoreContext.Provider>,
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

it('counts what the try-on will take from the balance', async () => {
  renderNote(creditsAccount(8), 3);
  expect(await screen.findByTestId('credits-left')).toHaveTextContent(/^8 credits left · this try-on uses 3 credits$/);
});

it('on an unlimited plan says "Unlimited credits" and nothing that reads as a deduction', async () => {
  renderNote(creditsAccount(null), 1);
  expect(await screen.findByTestId('credits-left')).toHaveTextContent(/^Unlimited credits$/);
  expect(screen.queryByText(/uses/)).toBeNull();
});

it('with billing off shows no credits at all, though the account reads as unlimited', async () => {
  renderNote(BILLING_OFF_ACCOUNT, 2);
  // the account has answered and the note rendered with it
  expect(await screen.findByTestId('billing-mode')).toHaveTextContent('off');
  expect(screen.queryByTestId('credits-left')).toBeNull();
  expect(screen.queryByText(/credit/i)).toBeNull();
});

it('once the trial has ended says why Try on is refused, with a link to the plans, instead of what it would use', async () => {
  renderNote({ ...creditsAccount(100), plan: 'trial', status: 'trial_ended' }, 2);
  const note = await screen.findByTestId('credits-left');
  expect(note).toHaveTextContent(/^100 credits left · Your free trial has ended — choose a plan to keep generating\. See plans$/);
  expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/account/billing');
});

it('once a paid plan was cancelled names it; an ended unlimited plan shows no credits', async () => {
  renderNote({ ...creditsAccount(7), plan: 'professional', status: 'canceled' }, 1);
  expect(await screen.findByTestId('credits-left')).toHaveTextContent(/^7 credits left · Your Professional plan has ended — choose a plan to keep generating\. See plans$/);
  jest.restoreAllMocks();
  document.body.innerHTML = '';
  renderNote({ ...creditsAccount(null), plan: 'enterprise', status: 'canceled' }, 1);
  expect(await screen.findByTestId('credits-left')).toHaveTextContent(/^Your Enterprise plan has ended — choose a plan to keep generating\. See plans$/);
});
