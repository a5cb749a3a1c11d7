import { SideDrawer } from '@vton/ui';
import { NavLinks } from './NavLinks';

/** Below the mobile breakpoint the navigation lives in this side drawer, opened on its first link. */
export function MobileNavDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <SideDrawer id={id} label="Navigation menu" title="Menu" closeLabel="Close menu" onClose={onClose} initialFocus="nav a" width="min(300px, 85vw)">
      <nav aria-label="Mobile">
        <NavLinks vertical onNavigate={onClose} />
      </nav>
    </SideDrawer>
  );
}
