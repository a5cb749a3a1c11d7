import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { DeferredToaster, ShellProviders } from '@vton/shell-sdk';
import { ThemeRoot } from '@vton/ui';
import App from './app/App';

// Standalone page for the docs team: the remote inside a minimal host, mounted where the shell mounts it.
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <ThemeRoot>
      <ShellProviders Toaster={DeferredToaster}>
        <Routes>
          <Route path="/docs/*" element={<App />} />
          <Route path="*" element={<Navigate to="/docs" replace />} />
        </Routes>
      </ShellProviders>
    </ThemeRoot>
  </BrowserRouter>,
);
