import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ShellProviders, createQueryClient } from '@vton/shell-sdk';
import { ThemeRoot, Toaster } from '@vton/ui';

/** Renders the remote as the shell mounts it: inside the Router, SDK providers (with toasts) and theme. */
export function renderWithHost(element: ReactElement, { path = '/', mount = '/*' } = {}) {
  const queryClient = createQueryClient();
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeRoot>
        <ShellProviders queryClient={queryClient} Toaster={Toaster}>
          <Routes>
            <Route path={mount} element={element} />
            <Route path="/app" element={<h1>Try on workspace</h1>} />
          </Routes>
        </ShellProviders>
      </ThemeRoot>
    </MemoryRouter>,
  );
  return { ...utils, queryClient };
}
