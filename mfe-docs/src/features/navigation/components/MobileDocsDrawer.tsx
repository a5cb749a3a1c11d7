import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@vton/ui';

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
  width: min(320px, 86vw);
  overflow-y: auto;
  padding: 16px 20px 32px;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 12px;
  font-weight: 700;
`;

/** Below 768 px the documentation sidebar opens as a modal drawer; Escape or the backdrop closes it. */
export function MobileDocsDrawer({ id, onClose, children }: { id: string; onClose: () => void; children: ReactNode }) {
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return (
    <>
      <Backdrop onClick={onClose} aria-hidden="true" />
      <Panel id={id} ref={panelRef} role="dialog" aria-modal="true" aria-label="Documentation menu">
        <Top>
          <span>Documentation</span>
          <Button variant="ghost" size="icon" aria-label="Close documentation menu" onClick={onClose}>
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path d="M2 2l10 10M12 2L2 12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </Button>
        </Top>
        {children}
      </Panel>
    </>
  );
}
