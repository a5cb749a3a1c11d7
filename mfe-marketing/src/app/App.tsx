import { Route, Routes } from 'react-router-dom';
import { LandingPage } from '../features/landing/components/LandingPage';
import { LegalPage } from '../features/legal/components/LegalPage';
import { ToolPlaceholderPage } from '../features/tools/components/ToolPlaceholderPage';
import { AuroraDemoPage } from '../features/aurora/components/AuroraDemoPage';
import NotFoundPage from '../features/not-found/components/NotFoundPage';

/** Exposed as `marketing/App`; the shell mounts it for / and the public marketing pages. */
export default function MarketingApp() {
  return (
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
  );
}
