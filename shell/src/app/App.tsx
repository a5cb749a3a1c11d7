import styled from 'styled-components';
import { DeferredToaster, ShellProviders } from '@vton/shell-sdk';
import { ThemeRoot } from '@vton/ui';
import { Header } from '../features/navigation/components/Header';
import { MAIN_CONTENT_ID, SkipLink } from '../features/navigation/components/SkipLink';
import { AppRoutes } from './AppRoutes';
import { ScrollToTopOnNavigation } from './ScrollToTopOnNavigation';

const Main = styled.main`
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
  /* focused by the skip link only (tabIndex -1): the page itself shows where the reader is */
  &:focus { outline: none; }
`;

/** The shell inside a Router: theme, data/auth/toast providers, navigation and routed content. */
export function App() {
  return (
    <ThemeRoot>
      <ShellProviders Toaster={DeferredToaster}>
        <ScrollToTopOnNavigation />
        <SkipLink />
        <Header />
        <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <AppRoutes />
        </Main>
      </ShellProviders>
    </ThemeRoot>
  );
}
