import { fireEvent, screen } from '@testing-library/react';
import { OPEN_GALLERY_EVENT } from '@vton/shell-sdk';
import { renderWithHost } from '../test/renderWithHost';
import App from './App';

describe('studio App', () => {
  it('renders the workspace under /app', () => {
    renderWithHost(<App />, { path: '/app', mount: '/app/*' });
    expect(screen.getByRole('heading', { level: 1, name: 'Try-on workspace' })).toBeInTheDocument();
  });

  it('opens the results drawer through the global trigger', () => {
    const listener = jest.fn();
    window.addEventListener(OPEN_GALLERY_EVENT, listener);
    renderWithHost(<App />, { path: '/app', mount: '/app/*' });
    fireEvent.click(screen.getByRole('button', { name: 'Open results' }));
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(OPEN_GALLERY_EVENT, listener);
  });
});
