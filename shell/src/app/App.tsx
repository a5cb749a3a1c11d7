import styled from 'styled-components';
import { DeferredToaster, ShellProviders } from '@vton/shell-sdk';
import { ThemeRoot } from '@vton/ui';
import { Header } from '../features/navigation/components/Header';
import { AppRoutes } from './AppRoutes';
import { ScrollToTopOnNavigation } from './ScrollToTopOnNavigation';

const Main = styled.main`
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
`;

/** The shell inside a Router: theme, data/auth/toast providers, navigation and routed content. */
export function App() {
  return (
    <ThemeRoot>
      <ShellProviders Toaster={DeferredToaster}>
        <ScrollToTopOnNavigation />
        <Header />
        <Main id="main">
          <AppRoutes />
        </Main>
      </ShellProviders>
    </ThemeRoot>
  );
}
