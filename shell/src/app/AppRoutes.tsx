import { Suspense } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { LoadingState } from '@vton/ui';
import { RemoteComponent } from '../features/remotes/components/RemoteComponent';
import { ProtectedRoute } from '../features/auth/components/ProtectedRoute';
import { LandingAuthNotices } from '../features/auth/components/LandingAuthNotices';

import { lazyPage } from './lazyPage';
import { NOT_FOUND_PATH, isServedNotFound } from './servedNotFound';

// The account screens are the shell's own, but no public page shows them: each loads on visit.
const AuthPage = lazyPage(() => import('../features/auth/components/AuthPage').then((m) => m.AuthPage));
const VerifyEmailPage = lazyPage(() => import('../features/auth/components/VerifyEmailPage').then((m) => m.VerifyEmailPage));
const ResetPasswordPage = lazyPage(() => import('../features/auth/components/ResetPasswordPage').then((m) => m.ResetPasswordPage));

/** The account's API keys and webhooks: only signed-in sellers who ask for it load this page. */
const ApiKeysPage = lazyPage(() => import('../features/api-access/components/ApiKeysPage').then((m) => m.default));

/** The account's plan, credits and ledger: loaded on visit. */
const BillingPage = lazyPage(() => import('../features/billing/components/BillingPage').then((m) => m.default));

/** Loads the account screens ahead of a visit (tests render them synchronously). */
export function preloadAccountPages(): Promise<void[]> {
  return Promise.all([AuthPage.preload(), VerifyEmailPage.preload(), ResetPasswordPage.preload()]);
}

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

/** Where the shell's own routes and the other remotes are mounted ("/*" covers everything below). */
export const ROUTE_PATHS = {
  studio: '/app/*',
  gallery: '/gallery/*',
  docs: '/docs/*',
  auth: '/auth',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  apiKeys: '/account/api-keys',
  billing: '/account/billing',
} as const;

/** Every path that is a page of the product; any other path is the 404 page. */
export const CLIENT_ROUTES: readonly string[] = [...Object.values(ROUTE_PATHS), ...MARKETING_PATHS];

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
  const location = useLocation();
  // the server answered this path with the 404 page: it stays the 404 page here
  const routed = isServedNotFound(location.pathname) ? { ...location, pathname: NOT_FOUND_PATH } : location;
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes location={routed}>
        <Route
          element={
            <ProtectedRoute>
              <Outlet />
            </ProtectedRoute>
          }
        >
          <Route path={ROUTE_PATHS.studio} element={<RemoteComponent scope="studio" />} />
          <Route path={ROUTE_PATHS.gallery} element={<RemoteComponent scope="gallery" />} />
          <Route path={ROUTE_PATHS.apiKeys} element={<ApiKeysPage />} />
          <Route path={ROUTE_PATHS.billing} element={<BillingPage />} />
        </Route>
        <Route path={ROUTE_PATHS.docs} element={<RemoteComponent scope="docs" />} />
        <Route path={ROUTE_PATHS.auth} element={<AuthPage />} />
        <Route path={ROUTE_PATHS.verifyEmail} element={<VerifyEmailPage />} />
        <Route path={ROUTE_PATHS.resetPassword} element={<ResetPasswordPage />} />
        <Route path="*" element={<MarketingOrNotFound />} />
      </Routes>
    </Suspense>
  );
}
