import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { LoadingState } from '@vton/ui';
import { RemoteComponent } from '../features/remotes/components/RemoteComponent';
import { ProtectedRoute } from '../features/auth/components/ProtectedRoute';
import { AuthPage } from '../features/auth/components/AuthPage';
import { VerifyEmailPage } from '../features/auth/components/VerifyEmailPage';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage';
import { LandingAuthNotices } from '../features/auth/components/LandingAuthNotices';

/** The account's API keys and webhooks: only signed-in sellers who ask for it load this page. */
const ApiKeysPage = lazy(() => import('../features/api-access/components/ApiKeysPage'));
export const API_KEYS_PAGE_PATH = '/account/api-keys';

/** Public pages the marketing remote renders (spec §2); any other unclaimed path is its 404. */
export const MARKETING_PATHS = [
  '/',
  '/terms',
  '/privacy',
  '/cookies',
  '/gdpr',
  '/storyboard',
  '/inpaint',
  '/enhance',
  '/aurora-demo',
] as const;

function MarketingOrNotFound() {
  const { pathname } = useLocation();
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const isMarketingPage = (MARKETING_PATHS as readonly string[]).includes(normalised);
  return (
    <>
      {/* The landing page's verified=true / auth=required notices are the shell's (spec §2). */}
      {normalised === '/' && <LandingAuthNotices />}
      <RemoteComponent scope="marketing" module={isMarketingPage ? './App' : './NotFound'} />
    </>
  );
}

/** The product's route table: which remote or shell page answers each path. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/app/*"
        element={
          <ProtectedRoute>
            <RemoteComponent scope="studio" />
          </ProtectedRoute>
        }
      />
      <Route
        path="/gallery/*"
        element={
          <ProtectedRoute>
            <RemoteComponent scope="gallery" />
          </ProtectedRoute>
        }
      />
      <Route
        path={API_KEYS_PAGE_PATH}
        element={
          <ProtectedRoute>
            <Suspense fallback={<LoadingState text="Loading..." />}>
              <ApiKeysPage />
            </Suspense>
          </ProtectedRoute>
        }
      />
      <Route path="/docs/*" element={<RemoteComponent scope="docs" />} />
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="*" element={<MarketingOrNotFound />} />
    </Routes>
  );
}
