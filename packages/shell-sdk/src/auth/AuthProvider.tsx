import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { AUTH_TOKEN_STORAGE_KEY, USER_CACHE_MS, type CurrentUser, type MeResponse } from '@vton/contracts';
import { getQueryFn } from '../api/apiRequest.js';
import { getAuthToken } from './authToken.js';
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
  /** Clears the token and every cached query, then goes home. */
  logout: () => void;
}

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

  const logout = useCallback(() => {
    localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    setToken(null);
    queryClient.clear();
    // This tab's results belong to the seller who leaves: the next one must not see them.
    resetSessionResults();
    navigate('/');
  }, [queryClient, navigate]);

  const user = token ? (me.data?.user ?? null) : null;
  const value = useMemo<AuthState>(
    () => ({ user, isLoading: token !== null && me.isLoading, isAuthenticated: user !== null, login, logout }),
    [user, token, me.isLoading, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
