import { screen } from '@testing-library/react';
import { renderWithHost } from '../test/renderWithHost';
import App from './App';

describe('gallery App', () => {
  it('renders the gallery page under /gallery', () => {
    renderWithHost(<App />, { path: '/gallery', mount: '/gallery/*' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gallery' })).toBeInTheDocument();
  });
});
