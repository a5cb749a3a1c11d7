import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { ShellProviders } from '../ShellProviders';
import { useAuth } from './AuthProvider';
import { addSessionResults, getSessionResults } from '../results/sessionResults';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <ShellProviders>{children}</ShellProviders>
  </MemoryRouter>
);

describe('useAuth', () => {
  afterEach(() => localStorage.clear());

  it('throws outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
    jest.restoreAllMocks();
  });

  it('is anonymous without a stored token and never calls /me', () => {
    global.fetch = jest.fn();
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current).toMatchObject({ user: null, isLoading: false, isAuthenticated: false });
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('loads the user of a stored token from GET /api/auth/me', async () => {
    localStorage.setItem('auth_token', 'tok');
    global.fetch = jest.fn().mockResolvedValue(new Response(JSON.stringify({ user: { id: 1, email: 'ada@example.com' } })));
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(result.current.user?.email).toBe('ada@example.com');
    expect(global.fetch).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer tok' }) }));
  });

  it('a failed /me leaves the user unset without retrying', async () => {
    localStorage.setItem('auth_token', 'expired');
    global.fetch = jest.fn().mockResolvedValue(new Response('Unauthorized', { status: 401 }));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({ user: null, isAuthenticated: false });
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  it("sign out forgets the token and this tab's session results", async () => {
    localStorage.setItem('auth_token', 'tok');
    global.fetch = jest.fn().mockResolvedValue(new Response(JSON.stringify({ user: { id: 1, email: 'ada@example.com' } })));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    addSessionResults([{ id: 'r1', imageUrl: '/x.png', processedAt: new Date().toISOString() }]);
    act(() => result.current.logout());
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
    expect(getSessionResults().results).toHaveLength(0);
  });

  const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

  it('sign out also ends the session on the server', async () => {
    localStorage.setItem('auth_token', 'tok');
    const fetchMock = jest.fn().mockImplementation(async () => new Response(JSON.stringify({ user: { id: 1, email: 'ada@example.com' } })));
    global.fetch = fetchMock;
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    act(() => result.current.logout());
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer tok' }) }));
  });

  it('"Sign out of all devices" asks svc-auth to end every session, then signs this tab out', async () => {
    localStorage.setItem('auth_token', 'tok');
    const fetchMock = jest.fn().mockImplementation(async (path: string) =>
      new Response(JSON.stringify(path === '/api/auth/me' ? { user: { id: 1, email: 'ada@example.com' } } : { success: true, message: 'ok' })));
    global.fetch = fetchMock;
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    await act(() => result.current.logoutEverywhere());
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout-all', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
  });

  it('a request refused because the session ended signs this tab out', async () => {
    localStorage.setItem('auth_token', 'tok');
    global.fetch = jest.fn().mockImplementation(async (path: string) =>
      path === '/api/auth/me'
        ? new Response(JSON.stringify({ user: { id: 1, email: 'ada@example.com' } }))
        : new Response(JSON.stringify({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Your session has ended. Please sign in again' }), { status: 401 }));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    const { apiRequest } = await import('../api/apiRequest');
    await act(() => apiRequest('GET', '/api/models').catch(() => undefined));
    await waitFor(() => expect(result.current.isAuthenticated).toBe(false));
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('renews a token older than a day, keeping the same session', async () => {
    const old = jwt({ sid: 's-1', iat: Math.floor(Date.now() / 1000) - 2 * 24 * 3600 });
    const renewed = jwt({ sid: 's-1', iat: Math.floor(Date.now() / 1000) });
    localStorage.setItem('auth_token', old);
    const fetchMock = jest.fn().mockImplementation(async (path: string) =>
      new Response(JSON.stringify(path === '/api/auth/refresh' ? { token: renewed } : { user: { id: 1, email: 'ada@example.com' } })));
    global.fetch = fetchMock;
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBe(renewed));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/refresh', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: `Bearer ${old}` }) }));
    expect(result.current.isAuthenticated).toBe(true);
    const { getAuthSessionId } = await import('./authToken');
    expect(getAuthSessionId()).toBe('s-1');
  });

  it('leaves a fresh token alone', async () => {
    localStorage.setItem('auth_token', jwt({ sid: 's-2', iat: Math.floor(Date.now() / 1000) - 3600 }));
    const fetchMock = jest.fn().mockImplementation(async () => new Response(JSON.stringify({ user: { id: 1, email: 'ada@example.com' } })));
    global.fetch = fetchMock;
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/auth/me']);
  });
});
