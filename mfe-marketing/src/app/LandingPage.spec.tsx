import { fireEvent, screen, within } from '@testing-library/react';
import * as sdk from '@vton/shell-sdk';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { LandingPage } from './LandingPage';

jest.mock('@vton/shell-sdk', () => ({ ...jest.requireActual('@vton/shell-sdk'), useAuth: jest.fn() }));
const useAuth = sdk.useAuth as jest.MockedFunction<typeof sdk.useAuth>;

function signedIn(isAuthenticated: boolean) {
  useAuth.mockReturnValue({ user: isAuthenticated ? { email: 'a@b.co' } : null, isAuthenticated, isLoading: false, login: jest.fn(), logout: jest.fn() } as unknown as sdk.AuthState);
}

const planCard = (name: string) => screen.getByRole('article', { name });

describe('landing page', () => {
  beforeEach(() => signedIn(false));

  it('shows the sections in order: hero, benefits, pricing, testimonials, FAQ, closing call to action, footer', () => {
    const { container } = renderWithHost(<LandingPage />);
    const headings = Array.from(container.querySelectorAll('section > div h1, section h2[id], footer')).map((el) =>
      el.tagName === 'FOOTER' ? 'footer' : el.textContent,
    );
    expect(headings).toEqual([
      'Product Placement Wizardry',
      'A photo studio that fits in your browser',
      'Simple pricing for every catalog',
      'Sellers and creators love the magic',
      'Frequently asked questions',
      'Ready to dress your catalog?',
      'footer',
    ]);
  });

  it('has every hero text and a sized before/after demo', () => {
    const { container } = renderWithHost(<LandingPage />);
    const hero = within(container.querySelector('section')!);
    for (const text of ['For e-commerce sellers & content creators', 'Any product works', 'No size limits', '4K export quality', 'No credit card required • 7-day free trial • Cancel anytime']) {
      expect(hero.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('Secure spellcasting')).toBeInTheDocument();
    expect(screen.getByText('14-day magic guarantee')).toBeInTheDocument();
    const images = screen.getAllByRole('img').filter((img) => img.tagName === 'IMG');
    expect(images).toHaveLength(3);
    for (const img of images) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
      expect(img.getAttribute('src')).toMatch(/demo\/demo-(model|garment|result)\.webp$/);
    }
  });

  it('sends signed-out visitors to registration from both calls to action', () => {
    renderWithHost(<LandingPage />);
    const ctas = screen.getAllByRole('link', { name: 'Get Started Free' });
    expect(ctas).toHaveLength(2);
    for (const cta of ctas) expect(cta).toHaveAttribute('href', '/auth?tab=register');
    // The footer's "Start Creating" (Getting Started column) is a plain link to the workspace.
    expect(screen.getAllByRole('link', { name: 'Start Creating' }).every((a) => a.closest('footer'))).toBe(true);
  });

  it('sends signed-in users to the workspace with "Start Creating"', () => {
    signedIn(true);
    renderWithHost(<LandingPage />);
    const ctas = screen.getAllByRole('link', { name: 'Start Creating' }).filter((a) => !a.closest('footer'));
    expect(ctas).toHaveLength(2);
    for (const cta of ctas) expect(cta).toHaveAttribute('href', '/app');
    expect(screen.queryByRole('link', { name: 'Get Started Free' })).toBeNull();
  });

  it('prices yearly by default and switches to monthly', () => {
    renderWithHost(<LandingPage />);
    const yearly = screen.getByRole('button', { name: /Yearly/ });
    expect(yearly).toHaveAttribute('aria-pressed', 'true');
    expect(within(yearly).getByText('Save 35%')).toBeInTheDocument();
    const expected = { Starter: ['$228', '$348', '$120'], Professional: ['$708', '$1,068', '$360'], Enterprise: ['$2,388', '$2,988', '$600'] };
    for (const [name, [price, crossed, saving]] of Object.entries(expected)) {
      const card = planCard(name);
      expect(within(card).getByTestId('plan-price')).toHaveTextContent(price);
      expect(within(card).getByText('/year')).toBeInTheDocument();
      expect(within(card).getByTestId('plan-crossed-out')).toHaveTextContent(crossed);
      expect(within(card).getByTestId('plan-saving')).toHaveTextContent(`Save ${saving} per year`);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    for (const [name, price] of [['Starter', '$29'], ['Professional', '$89'], ['Enterprise', '$249']]) {
      const card = planCard(name);
      expect(within(card).getByTestId('plan-price')).toHaveTextContent(price);
      expect(within(card).getByText('/month')).toBeInTheDocument();
      expect(within(card).queryByTestId('plan-crossed-out')).toBeNull();
    }
  });

  it('lists five features then "+1 more features", marks Professional as Most Popular', () => {
    renderWithHost(<LandingPage />);
    expect(within(planCard('Professional')).getByText('Most Popular')).toBeInTheDocument();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    const starter = planCard('Starter');
    expect(within(starter).getByText('email support')).toBeInTheDocument();
    expect(within(starter).queryByText('commercial license')).toBeNull();
    expect(within(starter).getByText('+1 more features')).toBeInTheDocument();
    // Signed out, a plan's button leads to sign-up (signed in: the plan page, e2e/specs/credits.spec.ts).
    expect(within(starter).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth?tab=register');
    expect(screen.getByText('Trusted by 1,800+ brands')).toBeInTheDocument();
  });

  it('shows four five-star testimonials and a footer with the current year', () => {
    const { container } = renderWithHost(<LandingPage />);
    expect(screen.getAllByRole('img', { name: 'Rated 5 out of 5' })).toHaveLength(4);
    // Inside the shell's <main>, a <footer> is not a contentinfo landmark, so it is found by tag.
    const footer = container.querySelector('footer')!;
    for (const column of ['Getting Started', 'Tutorials', 'Legal']) expect(within(footer).getByRole('navigation', { name: column })).toBeInTheDocument();
    for (const link of ['Quick Start Guide', 'Best Practices', 'Start Creating', 'FAQ']) {
      expect(within(within(footer).getByRole('navigation', { name: 'Getting Started' })).getByRole('link', { name: link })).toBeInTheDocument();
    }
    expect(within(footer).getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
  });
});
