import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PROTECTED_REDIRECT_DELAY_MS } from '@vton/contracts';
import { useAuth } from '@vton/shell-sdk';
import { LoadingState } from '@vton/ui';

/**
 * Spec §2: "Loading..." while auth resolves; a visitor with no user is sent to /auth after a
 * short delay, which lets a just-stored token's user arrive first.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, user } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const mustSignIn = !isLoading && !isAuthenticated && !user;

  useEffect(() => {
    if (!mustSignIn) return;
    const timer = setTimeout(() => {
      // Signing out goes home; while the home page's code still loads, this page stays on screen
      // although the address bar already shows the next page. Only the page still in the address
      // bar is sent to sign in, or a slow network would turn "Sign out" into the sign-in page.
      if (window.location.pathname === pathname) void navigate('/auth', { replace: true });
    }, PROTECTED_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mustSignIn, navigate, pathname]);

  if (isLoading || mustSignIn) return <LoadingState text="Loading..." />;
  return <>{children}</>;
}
