import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { AUTH_TOKEN_STORAGE_KEY, SESSION_RENEW_AFTER_MS, USER_CACHE_MS, type CurrentUser, type LoginResponse, type MeResponse } from '@vton/contracts';
import { apiRequest, getQueryFn } from '../api/apiRequest.js';
import { getAuthToken, SESSION_ENDED_EVENT, tokenIssuedAt } from './authToken.js';
import { resetSessionResults } from '../results/sessionResults.js';
import { useHydrated } from '../hydration/useHydrated.js';

export const CURRENT_USER_QUERY_KEY = ['/api/auth/me'] as const;

export interface AuthState {
  user: CurrentUser | null;
  /** True while a stored token's user is being fetched. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Stores the token, then fetches the user at once, bypassing the cache. */
  login: (token: string) => Promise<void>;
  /** Ends this session on the server, clears the token and every cached query, then goes home. */
  logout: () => void;
  /** "Sign out of all devices": ends every session of the account (svc-auth), then signs this tab out. */
  logoutEverywhere: () => Promise<void>;
}

/** How often an open tab checks whether its token is due for renewal. */
const RENEW_CHECK_MS = 60 * 60 * 1000;

const AuthContext = createContext<AuthState | null>(null);

const fetchCurrentUser = getQueryFn<MeResponse>({ on401: 'throw' });

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [storedToken, setToken] = useState<string | null>(getAuthToken);
  // A prerendered page is the signed-out page: it hydrates signed out, then the stored token
  // counts. The switch is a transition, so parts of the page still loading their code keep their
  // server HTML until they have hydrated instead of being re-rendered from scratch.
  const hydrated = useHydrated();
  const [tokenCounts, setTokenCounts] = useState(hydrated);
  useEffect(() => {
    if (!tokenCounts) startTransition(() => setTokenCounts(true));
  }, [tokenCounts]);
  const token = tokenCounts ? storedToken : null;

  // Spec §7/§8: called only with a token, cached 5 minutes, no retry; a failure shows nothing.
  const me = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: fetchCurrentUser,
    enabled: token !== null,
    staleTime: USER_CACHE_MS,
    retry: false,
  });

  const login = useCallback(
    async (newToken: string) => {
      localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, newToken);
      setToken(newToken);
      await queryClient.fetchQuery({ queryKey: CURRENT_USER_QUERY_KEY, queryFn: fetchCurrentUser, staleTime: 0 });
    },
    [queryClient],
  );

  /** Forgets the sign-in in this tab: the token, every cached query and this tab's results. */
  const forget = useCallback(() => {
    localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    setToken(null);
    queryClient.clear();
    // This tab's results belong to the seller who leaves: the next one must not see them.
    resetSessionResults();
  }, [queryClient]);

  const logout = useCallback(() => {
    // The server ends the session so a copy of the token stops working too; signing out here
    // does not wait for it (a failure leaves a token that still expires on its own).
    if (getAuthToken()) void apiRequest('POST', '/api/auth/logout').catch(() => undefined);
    forget();
    void navigate('/'); // react-router types it void | Promise; nothing waits on the page change
  }, [forget, navigate]);

  const logoutEverywhere = useCallback(async () => {
    await apiRequest('POST', '/api/auth/logout-all');
    forget();
    void navigate('/'); // react-router types it void | Promise; nothing waits on the page change
  }, [forget, navigate]);

  // Another device ended this session (or a password reset did): this tab is signed out too.
  useEffect(() => {
    const onEnded = () => forget();
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, [forget]);

  // Use keeps a seller signed in: a token older than a day is swapped for a fresh one of the same
  // session (7 more days), on load and while the tab stays open.
  useEffect(() => {
    if (!token) return undefined;
    let stopped = false;
    const renewIfDue = async () => {
      const current = getAuthToken();
      const issuedAt = tokenIssuedAt(current);
      if (!current || issuedAt === null || Date.now() - issuedAt < SESSION_RENEW_AFTER_MS) return;
      try {
        const { token: renewed } = (await (await apiRequest('POST', '/api/auth/refresh')).json()) as LoginResponse;
        if (!stopped && getAuthToken() === current) {
          localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, renewed);
          setToken(renewed);
        }
      } catch {
        /* an ended session signs the tab out through SESSION_ENDED_EVENT; otherwise try again later */
      }
    };
    void renewIfDue();
    const timer = setInterval(() => void renewIfDue(), RENEW_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void renewIfDue();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token]);

  const user = token ? (me.data?.user ?? null) : null;
  const value = useMemo<AuthState>(
    () => ({ user, isLoading: token !== null && me.isLoading, isAuthenticated: user !== null, login, logout, logoutEverywhere }),
    [user, token, me.isLoading, login, logout, logoutEverywhere],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
