import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { DeferredToaster, ShellProviders } from '@vton/shell-sdk';
import { ThemeRoot } from '@vton/ui';
import App from './app/App';

// Standalone page for the marketing team: the remote inside a minimal host, without the shell.
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <ThemeRoot>
      <ShellProviders Toaster={DeferredToaster}>
        <Routes>
          <Route path="/*" element={<App />} />
        </Routes>
      </ShellProviders>
    </ThemeRoot>
  </BrowserRouter>,
);
