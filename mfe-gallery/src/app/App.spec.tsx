import { screen } from '@testing-library/react';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { installFakeMediaApi } from '../test/fakeMediaApi';
import App from './App';

describe('gallery App', () => {
  it('renders the gallery page under /gallery', async () => {
    installFakeMediaApi({ count: 0 });
    renderWithHost(<App />, { path: '/gallery', mount: '/gallery/*' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gallery' })).toBeInTheDocument();
    expect(await screen.findByText(/No results yet/)).toBeInTheDocument();
  });
});
