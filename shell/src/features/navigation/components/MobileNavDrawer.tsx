import { useEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button } from '@vton/ui';
import { NavLinks } from './NavLinks';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled.div`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer + 1};
  display: flex;
  flex-direction: column;
  gap: 16px;
  width: min(300px, 85vw);
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.popover};
`;

const PanelHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  font-weight: 700;
`;

const FOCUSABLE = 'a[href], button:not([disabled])';

/** Below the mobile breakpoint the navigation lives in this side drawer. */
export function MobileNavDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('nav a')?.focus();
  }, []);

  // Keeps Tab inside the drawer while it is open; Escape closes it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  // Portalled to <body>: the header's backdrop-filter would otherwise clip a fixed-position child.
  return createPortal(
    <>
      <Backdrop data-testid="nav-drawer-backdrop" onClick={onClose} />
      <Panel id={id} ref={panelRef} role="dialog" aria-modal="true" aria-label="Navigation menu" onKeyDown={onKeyDown}>
        <PanelHeader>
          <span>Menu</span>
          <Button variant="ghost" size="icon" aria-label="Close menu" onClick={onClose}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </Button>
        </PanelHeader>
        <nav aria-label="Mobile">
          <NavLinks vertical onNavigate={onClose} />
        </nav>
      </Panel>
    </>,
    document.body,
  );
}
