import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../app/App';

/** Shows the current path so tests can assert on redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderShell(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
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
