import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeRoot } from '@vton/ui';
// The package's own name, not './StandaloneHost': in a federated build that is the shared
// singleton, so the host's providers are the ones the remote's App reads.
import { StandaloneHost } from '@vton/shell-sdk';

/**
 * A remote's standalone page for its team (its bootstrap when it runs without the shell): the
 * remote's App in the theme and a minimal host, mounted at `mountPath` as the shell mounts it;
 * omitted, the App answers every path. An entry of its own (`@vton/shell-sdk/standalone`), so
 * react-dom's client stays out of the SDK the shell shares.
 */
export function renderStandalone(app: ReactNode, mountPath?: string): void {
  createRoot(document.getElementById('root')!).render(
    <ThemeRoot>
      <StandaloneHost mountPath={mountPath}>{app}</StandaloneHost>
    </ThemeRoot>,
  );
}
