import { NavLink } from 'react-router-dom';
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

/** The studio's two pages: the single-garment workspace and the catalogue (many products × many models). */
export function StudioTabs() {
  return (
    <Tabs aria-label="Studio">
      <NavLink to="." end>
        Workspace
      </NavLink>
      <NavLink to="runs">Catalogue</NavLink>
    </Tabs>
  );
}
