import { render } from '@testing-library/react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { App } from '../app/App';

/** Shows the current path so tests can assert on redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The shell under the browser's own router, as bootstrap.tsx mounts it, opened at `path`. */
export function renderShell(path = '/') {
  window.history.replaceState(null, '', path);
  return render(
    <BrowserRouter>
      <App />
      <LocationProbe />
    </BrowserRouter>,
  );
}

/** Answers GET /api/auth/me for a stored token; anything else fails the test loudly. */
export function signIn(email = 'ada@example.com') {
  localStorage.setItem('auth_token', 'test-token');
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    if (String(input) === '/api/auth/me') return new Response(JSON.stringify({ user: { id: 1, email } }));
    throw new Error(`unexpected request ${String(input)}`);
  }) as typeof fetch;
}
