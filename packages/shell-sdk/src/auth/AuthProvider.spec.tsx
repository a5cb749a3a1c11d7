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
    expect(global.fetch).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ headers: { Authorization: 'Bearer tok' } }));
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
});
