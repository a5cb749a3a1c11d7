import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ShellProviders } from './ShellProviders.js';
import { DeferredToaster } from './toasts/DeferredToaster.js';

export interface StandaloneHostProps {
  /** Where the shell mounts the remote ("/docs"); every other path goes there. Omitted: the remote answers every path. */
  mountPath?: string;
  /** The remote's App. */
  children: ReactNode;
}

/**
 * A remote's standalone page for its team: the remote inside a minimal host (router, the
 * shell's providers, the toasts), mounted where the shell mounts it. Render it inside the theme.
 */
export function StandaloneHost({ mountPath, children }: StandaloneHostProps) {
  return (
    <BrowserRouter>
      <ShellProviders Toaster={DeferredToaster}>
        <Routes>
          <Route path={`${mountPath ?? ''}/*`} element={children} />
          {mountPath ? <Route path="*" element={<Navigate to={mountPath} replace />} /> : null}
        </Routes>
      </ShellProviders>
    </BrowserRouter>
  );
}
