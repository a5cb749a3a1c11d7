import { createRoot } from 'react-dom/client';
import { StandaloneHost } from '@vton/shell-sdk';
import { ThemeRoot } from '@vton/ui';
import App from './app/App';

// Standalone page for the gallery team: the remote inside a minimal host, mounted where the shell mounts it.
createRoot(document.getElementById('root')!).render(
  <ThemeRoot>
    <StandaloneHost mountPath="/gallery">
      <App />
    </StandaloneHost>
  </ThemeRoot>,
);
