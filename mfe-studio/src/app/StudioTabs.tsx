import { Link, useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';

/** The tab strip's height: the pages below it take the rest of the screen (WorkspacePage reads it). */
export const STUDIO_TABS_HEIGHT = '40px';

const Tabs = styled.nav`
  display: flex;
  gap: 4px;
  height: ${STUDIO_TABS_HEIGHT};
  padding: 0 12px;
  align-items: stretch;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  a {
    display: flex;
    align-items: center;
    padding: 0 12px;
    font-size: 14px;
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    border-bottom: 2px solid transparent;
    &.active { color: ${({ theme }) => theme.colors.text}; border-bottom-color: ${({ theme }) => theme.colors.primary}; }
    &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -2px; }
  }
`;

/**
 * The tabs sit in the shell's /app/* route, where React Router 7 resolves "." and "runs" from the
 * whole path: on /app/runs they pointed at /app/runs and /app/runs/runs, and "Workspace" looked
 * current there. So the links are built from the mount (the path without what the splat matched),
 * and the current tab follows App's routes: "runs" is the catalogue, any other path the workspace.
 */
export function StudioTabs() {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const mount = (rest && pathname.endsWith(rest) ? pathname.slice(0, -rest.length) : pathname).replace(/\/+$/, '');
  const onCatalogue = /^runs(\/|$)/.test(rest);
  const current = (yes: boolean) => (yes ? { className: 'active', 'aria-current': 'page' as const } : {});
  return (
    <Tabs aria-label="Studio">
      <Link to={mount || '/'} {...current(!onCatalogue)}>
        Workspace
      </Link>
      <Link to={`${mount}/runs`} {...current(onCatalogue)}>
        Catalogue
      </Link>
    </Tabs>
  );
}
