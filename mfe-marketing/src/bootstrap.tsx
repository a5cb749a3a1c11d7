import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ShellProviders } from '@vton/shell-sdk';
import { ThemeRoot, Toaster } from '@vton/ui';
import App from './app/App';

// Standalone page for the marketing team: the remote inside a minimal host, without the shell.
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <ThemeRoot>
      <ShellProviders Toaster={Toaster}>
        <Routes>
          <Route path="/*" element={<App />} />
        </Routes>
      </ShellProviders>
    </ThemeRoot>
  </BrowserRouter>,
);
