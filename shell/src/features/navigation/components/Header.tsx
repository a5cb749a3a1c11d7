import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Button, media } from '@vton/ui';
import { PRODUCT_NAME } from '@vton/shell-sdk';
import { NavLinks } from './NavLinks';
import { UserMenu } from './UserMenu';

// Loaded with the first opening: the drawer brings Radix Dialog, which no page needs before that.
const MobileNavDrawer = lazy(() => import('./MobileNavDrawer').then((m) => ({ default: m.MobileNavDrawer })));

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  height: ${({ theme }) => theme.layout.headerHeight};
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 0 20px;
  background: rgba(11, 11, 18, 0.82);
  backdrop-filter: blur(12px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled(Link)`
  display: flex;
  align-items: center;
  gap: 10px;
  font-weight: 800;
  letter-spacing: -0.02em;
  text-decoration: none;
  &::before {
    content: '';
    width: 26px;
    height: 26px;
    border-radius: 8px;
    background: ${({ theme }) => theme.gradients.brand};
  }
`;

const DesktopNav = styled.nav`
  margin-left: 16px;
  ${media.belowMobileBreakpoint} { display: none; }
`;

const MenuButton = styled(Button)`
  ${media.fromMobileBreakpoint} { display: none; }
`;

const Spacer = styled.div`flex: 1;`;

export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setDrawerOpen(false), [pathname]);

  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Bar>
      <MenuButton
        ref={menuButtonRef}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-expanded={drawerOpen}
        aria-controls={drawerOpen ? drawerId : undefined}
        onClick={() => setDrawerOpen(true)}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </MenuButton>
      <Brand to="/">{PRODUCT_NAME}</Brand>
      <DesktopNav aria-label="Main">
        <NavLinks />
      </DesktopNav>
      <Spacer />
      <UserMenu />
      {drawerOpen && (
        <Suspense fallback={null}>
          <MobileNavDrawer id={drawerId} onClose={closeDrawer} menuButton={menuButtonRef} />
        </Suspense>
      )}
    </Bar>
  );
}
