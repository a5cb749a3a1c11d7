import { Link, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { useAuth } from '@vton/shell-sdk';
import { isNavItemActive, visibleNavItems } from '../utils/navItems';

const List = styled.ul<{ $vertical: boolean }>`
  display: flex;
  flex-direction: ${({ $vertical }) => ($vertical ? 'column' : 'row')};
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const ItemLink = styled(Link)<{ $vertical: boolean }>`
  display: block;
  padding: 8px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 500;
  text-decoration: none;
  transition: color 0.15s ease, background 0.15s ease;
  &:hover { color: ${({ theme }) => theme.colors.text}; background: rgba(255, 255, 255, 0.05); }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    background: rgba(139, 108, 255, 0.18);
    box-shadow: inset 0 0 0 1px rgba(139, 108, 255, 0.35);
  }
  ${({ $vertical }) => $vertical && css`padding: 12px 16px; font-size: 17px;`}
`;

/** The navigation items with the spec's active-item rules; used by the header and the drawer. */
export function NavLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { isAuthenticated } = useAuth();
  return (
    <List $vertical={vertical}>
      {visibleNavItems(isAuthenticated).map((item) => (
        <li key={item.to}>
          <ItemLink
            to={item.to}
            $vertical={vertical}
            aria-current={isNavItemActive(pathname, item.to) ? 'page' : undefined}
            onClick={onNavigate}
          >
            {item.label}
          </ItemLink>
        </li>
      ))}
    </List>
  );
}
