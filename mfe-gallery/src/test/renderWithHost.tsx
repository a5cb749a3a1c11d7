import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ShellProviders } from '@vton/shell-sdk';
import { ThemeRoot } from '@vton/ui';

/** Renders the remote as the shell mounts it: inside the Router, SDK providers and theme. */
export function renderWithHost(element: ReactElement, { path = '/', mount = '/*' } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeRoot>
        <ShellProviders>
          <Routes>
            <Route path={mount} element={element} />
          </Routes>
        </ShellProviders>
      </ThemeRoot>
    </MemoryRouter>,
  );
}
