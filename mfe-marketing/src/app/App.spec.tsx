import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithHost } from '@vton/shell-sdk/testing';
import App from './App';
import NotFoundPage from '../features/not-found/components/NotFoundPage';

describe('marketing App', () => {
  it('renders the landing hero on /', () => {
    renderWithHost(<App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Product Placement Wizardry' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Get Started Free' })[0]).toHaveAttribute('href', '/auth?tab=register');
  });

  it.each([
    ['/storyboard', 'Storyboard', 'Create visual narratives and story sequences'],
    ['/inpaint', 'Inpaint', 'Remove and replace objects in images seamlessly'],
    ['/enhance', 'Enhance', 'Improve image quality and add stunning effects'],
  ])('announces %s', async (path, title, announcement) => {
    renderWithHost(<App />, { path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(announcement)).toBeInTheDocument();
  });

  it.each([
    ['/terms', 'Terms of Service', 'Acceptable use'],
    ['/privacy', 'Privacy Policy', 'What we store'],
    ['/cookies', 'Cookie Policy', 'What we keep in your browser'],
    ['/gdpr', 'GDPR', 'Your rights'],
  ])('renders %s with its full text', async (path, heading, section) => {
    // The text arrives from its own chunk: let React settle the suspended render inside act.
    await act(async () => {
      renderWithHost(<App />, { path });
    });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: new RegExp(section) })).toBeInTheDocument();
  });

  it('shows the aurora demo and says whether motion is on', async () => {
    renderWithHost(<App />, { path: '/aurora-demo' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aurora demo' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Motion is on');
  });

  it('pauses the aurora demo for visitors who prefer reduced motion', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('reduce') })) as typeof window.matchMedia;
    try {
      renderWithHost(<App />, { path: '/aurora-demo' });
      expect(await screen.findByRole('status')).toHaveTextContent('Motion is paused');
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('NotFound', () => {
  it('says the page does not exist and goes home', () => {
    renderWithHost(
      <Routes>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>,
      { path: '/no/such/page' },
    );
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
