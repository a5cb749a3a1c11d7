import { screen } from '@testing-library/react';
import { renderWithHost } from '../test/renderWithHost';
import App from './App';

const mount = '/docs/*';

describe('docs App', () => {
  it('redirects bare /docs to the quick start guide', async () => {
    renderWithHost(<App />, { path: '/docs', mount });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick Start Guide' })).toBeInTheDocument();
  });

  it('shows the requested article', () => {
    renderWithHost(<App />, { path: '/docs/keyboard-shortcuts', mount });
    expect(screen.getByRole('heading', { level: 1, name: 'Keyboard Shortcuts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keyboard Shortcuts' })).toHaveAttribute('aria-current', 'page');
  });

  it('redirects an unknown article to the quick start guide', async () => {
    renderWithHost(<App />, { path: '/docs/no-such-article', mount });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick Start Guide' })).toBeInTheDocument();
  });
});
