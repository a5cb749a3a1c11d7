import type { RefObject } from 'react';
import { SideDrawer } from '@vton/ui/modals';
import { NavLinks } from './NavLinks';

/**
 * Below the mobile breakpoint the navigation lives in this side drawer, opened on its first link;
 * on close focus goes back to the menu button (also where a click does not focus the button, as in Safari).
 */
export function MobileNavDrawer({ id, onClose, menuButton }: { id: string; onClose: () => void; menuButton: RefObject<HTMLButtonElement | null> }) {
  return (
    <SideDrawer id={id} label="Navigation menu" title="Menu" closeLabel="Close menu" onClose={onClose} initialFocus="nav a" returnFocus={menuButton} width="min(300px, 85vw)">
      <nav aria-label="Mobile">
        <NavLinks vertical onNavigate={onClose} />
      </nav>
    </SideDrawer>
  );
}
