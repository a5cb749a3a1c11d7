import type { ReactNode } from 'react';
import { SideDrawer } from '@vton/ui/modals';

/** Below 768 px the documentation sidebar opens as a modal drawer, focused on its search box. */
export function MobileDocsDrawer({ id, onClose, children }: { id: string; onClose: () => void; children: ReactNode }) {
  return (
    <SideDrawer id={id} label="Documentation menu" title="Documentation" closeLabel="Close documentation menu" onClose={onClose} initialFocus="input[type='search']">
      {children}
    </SideDrawer>
  );
}
