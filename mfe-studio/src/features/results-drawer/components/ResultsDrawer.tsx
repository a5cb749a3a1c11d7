import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { useMarkResultsSeen, useSessionResults, type SessionResult } from '@vton/shell-sdk';
import { DRAWER_COLUMNS, FULLSCREEN_DOWNLOAD_NAME, ResultTile, ResultViewer, ResultsGrid, SkeletonTiles, downloadImage, resultFileName, resultLabel } from '@vton/results';
import { Button, useFocusTrap } from '@vton/ui';

const rise = keyframes`from { transform: translateY(100%); } to { transform: translateY(0); }`;
const fade = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer};
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fade} 0.2s ease;
`;

const Panel = styled.div`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer + 1};
  height: 90vh;
  display: flex;
  flex-direction: column;
  border-radius: ${({ theme }) => theme.radii.lg} ${({ theme }) => theme.radii.lg} 0 0;
  border-top: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  animation: ${rise} 0.25s ease;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 16px 20px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { font-size: 18px; }
`;

const Body = styled.div`
  flex: 1;
  overflow: auto;
  padding: 20px;
`;

const Empty = styled.p`
  padding: 64px 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface ResultsDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Spec §2 results drawer: 90vh from the bottom over a dimmed backdrop, newest first, skeletons
 * while generations are pending. Open means seen (also for results arriving while open).
 * Escape closes the fullscreen viewer first (it stops that Escape), then the drawer.
 */
export function ResultsDrawer({ open, onClose }: ResultsDrawerProps) {
  const { results, skeletonCount } = useSessionResults();
  const [viewing, setViewing] = useState<{ result: SessionResult; n: number } | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useMarkResultsSeen(open);
  // Tab stays in the drawer (the viewer over it takes over while open); closing returns focus to the opener.
  useFocusTrap(panelRef, { active: open, restoreFocus: true, initialFocus: closeButton });

  useEffect(() => {
    if (!open) {
      setViewing(null);
      return undefined;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <>
      <Backdrop data-testid="results-backdrop" onClick={onClose} />
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-labelledby="results-drawer-title">
        <Head>
          <h2 id="results-drawer-title">Results</h2>
          <Button ref={closeButton} variant="ghost" size="sm" onClick={onClose} aria-label="Close results">
            Close
          </Button>
        </Head>
        <Body>
          {results.length === 0 && skeletonCount === 0 ? (
            <Empty>Generate results to view them here.</Empty>
          ) : (
            <ResultsGrid columns={DRAWER_COLUMNS} aria-label="Results">
              <SkeletonTiles count={skeletonCount} />
              {results.map((result, index) => (
                <ResultTile
                  key={result.id}
                  n={index + 1}
                  thumbnailUrl={result.thumbnailUrl ?? result.imageUrl}
                  width={result.width}
                  height={result.height}
                  onOpen={() => setViewing({ result, n: index + 1 })}
                  onDownload={() => void downloadImage(result.imageUrl, resultFileName(index + 1))}
                />
              ))}
            </ResultsGrid>
          )}
        </Body>
      </Panel>
      <ResultViewer
        imageUrl={viewing?.result.imageUrl ?? null}
        alt={viewing ? resultLabel(viewing.n) : undefined}
        provider={viewing?.result.provider}
        downloadFileName={FULLSCREEN_DOWNLOAD_NAME}
        onClose={() => setViewing(null)}
      />
    </>,
    document.body,
  );
}
