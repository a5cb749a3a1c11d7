import type { ReactNode, RefObject } from 'react';
import styled from 'styled-components';
import { Button } from '@vton/ui';
import { Modal, ModalContent, ModalOverlay } from './Modal.js';

const Backdrop = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled(ModalContent)<{ $width: string }>`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer + 1};
  display: flex;
  flex-direction: column;
  gap: 12px;
  width: ${({ $width }) => $width};
  overflow-y: auto;
  padding: 16px 20px 32px;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  &:focus { outline: none; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  font-weight: 700;
`;

export interface SideDrawerProps {
  id?: string;
  /** The dialog's accessible name, e.g. "Navigation menu". */
  label: string;
  /** The visible heading of the panel. */
  title: ReactNode;
  /** The close button's accessible name (default "Close"). */
  closeLabel?: string;
  onClose: () => void;
  /** What gets focus on open (a selector inside the panel); default the first control. */
  initialFocus?: string;
  /** What gets focus back on close; default what had it when the drawer opened. */
  returnFocus?: RefObject<HTMLElement | null>;
  /** CSS width of the panel. */
  width?: string;
  children: ReactNode;
}

/**
 * A modal panel from the left over a dimmed backdrop (a Modal: focus trapped, the page behind
 * inert, focus back to the opener on close): Escape, the backdrop or the close button closes it.
 * Portalled to <body> so a parent's backdrop-filter or overflow cannot clip it. Render it while
 * open.
 */
export function SideDrawer({ id, label, title, closeLabel = 'Close', onClose, initialFocus, returnFocus, width = 'min(320px, 86vw)', children }: SideDrawerProps) {
  return (
    <Modal onClose={onClose} returnFocus={returnFocus}>
      <Backdrop data-testid="side-drawer-backdrop" />
      <Panel id={id} aria-label={label} initialFocus={initialFocus} $width={width}>
        <Header>
          <span>{title}</span>
          <Button variant="ghost" size="icon" aria-label={closeLabel} onClick={onClose}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </Button>
        </Header>
        {children}
      </Panel>
    </Modal>
  );
}
