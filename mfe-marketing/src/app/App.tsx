import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from '@vton/ui';
import NotFoundPage from '../features/not-found/components/NotFoundPage';
import { LandingPage } from './LandingPage';

// Only the landing page ships in the first chunk: every other page loads when it is visited.
const LegalPage = lazy(() => import('../features/legal/components/LegalPage'));
const ToolPlaceholderPage = lazy(() => import('../features/tools/components/ToolPlaceholderPage'));
const AuroraDemoPage = lazy(() => import('../features/aurora/components/AuroraDemoPage'));

/** Exposed as `marketing/App`; the shell mounts it for / and the public marketing pages. */
export default function MarketingApp() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route index element={<LandingPage />} />
        <Route path="terms" element={<LegalPage document="terms" />} />
        <Route path="privacy" element={<LegalPage document="privacy" />} />
        <Route path="cookies" element={<LegalPage document="cookies" />} />
        <Route path="gdpr" element={<LegalPage document="gdpr" />} />
        <Route path="storyboard" element={<ToolPlaceholderPage tool="storyboard" />} />
        <Route path="inpaint" element={<ToolPlaceholderPage tool="inpaint" />} />
        <Route path="enhance" element={<ToolPlaceholderPage tool="enhance" />} />
        <Route path="aurora-demo" element={<AuroraDemoPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
