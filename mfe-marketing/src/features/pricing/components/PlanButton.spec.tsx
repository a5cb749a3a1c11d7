import { screen, waitFor, within } from '@testing-library/react';
import type { BillingOffer } from '@vton/contracts';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { PricingSection } from './PricingSection';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The pricing section where GET /api/billing/offer answers `salesEmail` (SALES_EMAIL), for a visitor or a signed-in seller. */
function renderPricing({ salesEmail, signedIn }: { salesEmail: string | null; signedIn: boolean }) {
  if (signedIn) localStorage.setItem('auth_token', 'token-a');
  const offer: BillingOffer = { mode: 'credits', checkout: false, salesEmail };
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/billing/offer') return json(offer);
    if (String(input) === '/api/auth/me') return json({ user: { id: 5, email: 'seller@example.com', isEmailVerified: 'true', createdAt: '' } });
    throw new Error(`unexpected request ${String(input)}`);
  });
  renderWithHost(<PricingSection />);
  return within(screen.getByRole('article', { name: 'Enterprise' }));
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

it.each([false, true])('"Contact Sales" opens a mail to SALES_EMAIL about the plan (signed in: %s)', async (signedIn) => {
  const enterprise = renderPricing({ salesEmail: 'sales@brand.example', signedIn });
  // once the offer has answered (before, the button leads where a plan button leads)
  await waitFor(() => expect(enterprise.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', 'mailto:sales@brand.example?subject=Enterprise%20plan'));
});

it('without SALES_EMAIL, "Contact Sales" leads a signed-in seller to the plan page with Enterprise chosen', async () => {
  const enterprise = renderPricing({ salesEmail: null, signedIn: true });
  await waitFor(() => expect(enterprise.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/account/billing?plan=enterprise&interval=year'));
});
