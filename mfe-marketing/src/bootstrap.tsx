import { createRoot } from 'react-dom/client';
import { StandaloneHost } from '@vton/shell-sdk';
import { ThemeRoot } from '@vton/ui';
import App from './app/App';

// Standalone page for the marketing team: the remote inside a minimal host, without the shell.
createRoot(document.getElementById('root')!).render(
  <ThemeRoot>
    <StandaloneHost>
      <App />
    </StandaloneHost>
  </ThemeRoot>,
);
