import { useEffect, useMemo, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { removeSessionResults, toast, useMarkResultsSeen, useSessionResults, type SessionResult } from '@vton/shell-sdk';
import { DRAWER_COLUMNS, ResultTile, newestFirst, ResultViewer, ResultsGrid, SkeletonTiles, downloadImage, resultDownloadName, resultFileName, resultLabel } from '@vton/results';
import { Button, media } from '@vton/ui';
import { Modal, ModalContent, ModalOverlay, ModalTitle } from '@vton/ui/modals';

const rise = keyframes`from { transform: translateY(100%); } to { transform: translateY(0); }`;
const fade = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const Backdrop = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer};
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fade} 0.2s ease;
`;

const Panel = styled(ModalContent)`
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
  &:focus { outline: none; }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 16px 20px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { font-size: 18px; }
  /* a thumb-sized Close on a phone */
  ${media.belowMobileBreakpoint} { padding: 12px 16px; button { min-height: 44px; min-width: 72px; } }
`;

const Body = styled.div`
  flex: 1;
  overflow: auto;
  padding: 20px;
  ${media.belowMobileBreakpoint} { padding: 12px; }
`;

const Empty = styled.p`
  padding: 64px 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** "Result #n": the gallery's number once saved (the same after a reload), else its place here. */
export const resultNumber = (result: SessionResult, position: number): number => result.number ?? position + 1;

/** The result's image is gone (deleted in the gallery, maybe in another tab): it leaves the drawer. */
export function forgetMissingResult(result: SessionResult): void {
  removeSessionResults((r) => r.id === result.id);
  toast({ title: 'Result no longer available', description: 'Its image was deleted from your gallery.', variant: 'destructive' });
}

export const downloadFailedToast = () =>
  toast({ title: 'Download failed', description: 'The image could not be downloaded. Please try again.', variant: 'destructive' });

export interface ResultsDrawerProps {
  open: boolean;
  onClose: () => void;
  /** File names of the workspace's model photos by id (captions of results not saved yet). */
  modelFilenames?: ReadonlyMap<number, string>;
  /** The workspace product's id and name (the product of results not saved yet). */
  garment?: { id: number; name: string } | null;
}

/** What the viewer's Download saves a session result as: after its product, model and date (issue 32). */
export function sessionResultDownloadName(result: SessionResult, n: number, names: { model?: string; product?: string } = {}): string {
  return resultDownloadName({ product: result.productName ?? names.product, model: result.modelFilename ?? names.model, date: result.processedAt, n });
}

/**
 * Spec §2 results drawer: 90vh from the bottom over a dimmed backdrop, newest first, skeletons
 * while generations are pending. Open means seen (also for results arriving while open).
 * A Modal (focus trapped, the studio behind inert, focus back to the opener): Escape closes
 * the fullscreen viewer first (the top modal), then the drawer.
 */
export function ResultsDrawer({ open, onClose, modelFilenames, garment }: ResultsDrawerProps) {
  const { results, skeletonCount } = useSessionResults();
  const [viewing, setViewing] = useState<{ result: SessionResult; n: number } | null>(null);
  // newest first by gallery number, as the gallery shows them (issue 32)
  const ordered = useMemo(() => newestFirst(results), [results]);
  // the caption: the model photo's file name (from the saved result, or the workspace's photo)
  const captionOf = (result: SessionResult) =>
    result.modelFilename ?? (result.modelId !== undefined ? modelFilenames?.get(result.modelId) : undefined);
  const productOf = (result: SessionResult) => result.productName ?? (garment && result.garmentId === garment.id ? garment.name : undefined);
  const closeButton = useRef<HTMLButtonElement>(null);
  useMarkResultsSeen(open);

  // Closing the drawer closes the viewer over it.
  useEffect(() => {
    if (!open) setViewing(null);
  }, [open]);

  return (
    <>
      <Modal open={open} onClose={onClose}>
        <Backdrop data-testid="results-backdrop" />
        <Panel initialFocus={closeButton}>
          <Head>
            <ModalTitle>Results</ModalTitle>
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
                {ordered.map((result, index) => {
                  const n = resultNumber(result, index);
                  return (
                    <ResultTile
                      key={result.id}
                      n={n}
                      caption={captionOf(result)}
                      product={productOf(result)}
                      date={result.processedAt}
                      mock={result.generationType === 'mock'}
                      thumbnailUrl={result.thumbnailUrl ?? result.imageUrl}
                      width={result.width}
                      height={result.height}
                      onOpen={() => setViewing({ result, n })}
                      onDownload={() => void downloadImage(result.imageUrl, resultFileName(n)).then((ok) => ok || downloadFailedToast())}
                      onImageError={() => forgetMissingResult(result)}
                      builtInEngine={result.builtInEngine}
                    />
                  );
                })}
              </ResultsGrid>
            )}
          </Body>
        </Panel>
      </Modal>
      {/* A modal of its own over the drawer's, so Escape closes it first. */}
      <ResultViewer
        imageUrl={open && viewing ? viewing.result.imageUrl : null}
        alt={viewing ? resultLabel(viewing.n) : undefined}
        provider={viewing?.result.provider}
        providerLabel={viewing?.result.providerLabel}
        builtInEngine={viewing?.result.builtInEngine}
        mock={viewing?.result.generationType === 'mock'}
        downloadFileName={viewing ? sessionResultDownloadName(viewing.result, viewing.n, { model: captionOf(viewing.result), product: productOf(viewing.result) }) : undefined}
        onClose={() => setViewing(null)}
        onImageError={() => {
          if (viewing) forgetMissingResult(viewing.result);
          setViewing(null);
        }}
        onDownloadError={downloadFailedToast}
      />
    </>
  );
}
