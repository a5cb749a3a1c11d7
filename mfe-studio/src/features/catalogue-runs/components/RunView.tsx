import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { TryOnRun, TryOnRunCell } from '@vton/contracts';
import { ResultViewer, isBuiltInPreview, resultProvider, resultProviderLabel } from '@vton/results';
import { Button, buttonStyles, type ButtonSize } from '@vton/ui';
import { runArchiveUrl } from '../api/runArchive';
import { resultFileName } from '../utils/runPlan';
import { RunGrid, type GridModel, type GridProduct } from './RunGrid';

export interface RunViewProps {
  run: TryOnRun;
  products: Map<number, GridProduct>;
  models: Map<number, GridModel>;
  onRetryCell: (cell: TryOnRunCell) => Promise<unknown>;
  onRetryFailed: () => Promise<unknown>;
  onCancel: () => Promise<unknown>;
  /** The seller has just started this run: the status takes focus (and comes into view on a phone, below the planner). */
  justStarted?: boolean;
  /** Called once the status has taken that focus: the wish is spent, a later showing of the run keeps the seller's focus. */
  onStartFocused?: () => void;
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin-bottom: 12px;
  p { font-size: 14px; margin-right: auto; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: 12px; }
`;

const DownloadLink = styled.a<{ $size?: ButtonSize }>`
  ${buttonStyles}
  text-decoration: none;
`;

const Progress = styled.div`
  height: 4px;
  border-radius: 2px;
  background: rgba(255, 255, 255, 0.08);
  overflow: hidden;
  margin-bottom: 12px;
  span { display: block; height: 100%; background: ${({ theme }) => theme.colors.primary}; transition: width 0.3s ease; }
`;

/** One run: its counts and progress, Download all, Retry failed, Cancel the rest, the grid and the viewer. */
export function RunView({ run, products, models, onRetryCell, onRetryFailed, onCancel, justStarted = false, onStartFocused }: RunViewProps) {
  // Where focus goes after an action whose button goes away (Start run, Cancel the rest, Retry failed):
  // the line that says what the action did, instead of the page's start.
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!justStarted) return;
    status.current?.focus();
    onStartFocused?.();
  }, [justStarted, run.id, onStartFocused]);
  const [viewing, setViewing] = useState<TryOnRunCell | null>(null);
  const [retrying, setRetrying] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<'retry' | 'cancel' | null>(null);
  const { counts } = run;
  const finished = counts.succeeded + counts.failed + counts.skipped + counts.canceled;
  const retry = (cell: TryOnRunCell) => {
    setRetrying((s) => new Set(s).add(cell.id));
    void onRetryCell(cell).finally(() =>
      setRetrying((s) => {
        const next = new Set(s);
        next.delete(cell.id);
        return next;
      }),
    );
  };
  const act = (what: 'retry' | 'cancel', action: () => Promise<unknown>) => {
    setBusy(what);
    // the button was disabled while busy (and is gone once nothing is left to cancel or retry): the
    // status takes the focus it lost, but not from where the seller went meanwhile
    void action().finally(() => {
      setBusy(null);
      const focused = document.activeElement;
      if (!focused || focused === document.body || !focused.isConnected || (focused as HTMLButtonElement).disabled) status.current?.focus();
    });
  };
  const viewingName = useMemo(
    () => (viewing ? resultFileName(products.get(viewing.garmentId)?.name ?? `product-${viewing.garmentId}`, models.get(viewing.modelId)?.filename ?? `model-${viewing.modelId}`) : ''),
    [viewing, products, models],
  );
  const parts = [
    `${counts.succeeded} done`,
    counts.running ? `${counts.running} running` : '',
    counts.queued ? `${counts.queued} queued` : '',
    counts.failed ? `${counts.failed} failed` : '',
    counts.skipped ? `${counts.skipped} skipped` : '',
    counts.canceled ? `${counts.canceled} cancelled` : '',
  ].filter(Boolean);

  return (
    <section aria-label="Run results">
      <Bar>
        <p ref={status} tabIndex={-1} aria-live="polite" data-testid="run-counts">
          <strong>
            {finished} of {counts.total} cells finished
          </strong>{' '}
          <small>{parts.join(' · ')}</small>
        </p>
        {counts.failed > 0 && (
          <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => act('retry', onRetryFailed)}>
            {busy === 'retry' ? 'Retrying…' : `Retry ${counts.failed} failed`}
          </Button>
        )}
        {run.status === 'running' && (
          <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => act('cancel', onCancel)}>
            {busy === 'cancel' ? 'Cancelling…' : 'Cancel the rest'}
          </Button>
        )}
        {counts.succeeded > 0 ? (
          <DownloadLink $size="sm" href={runArchiveUrl(run.id)} download>
            Download all
          </DownloadLink>
        ) : (
          <Button size="sm" disabled>
            Download all
          </Button>
        )}
      </Bar>
      <Progress role="progressbar" aria-label="Run progress" aria-valuemin={0} aria-valuemax={counts.total} aria-valuenow={finished}>
        <span style={{ width: `${counts.total ? (finished / counts.total) * 100 : 100}%` }} />
      </Progress>
      <RunGrid run={run} products={products} models={models} onOpen={setViewing} onRetry={retry} retrying={retrying} />
      <ResultViewer
        imageUrl={viewing?.result?.imageUrl ?? null}
        alt={viewingName}
        label={viewingName}
        downloadFileName={viewingName}
        provider={resultProvider(viewing?.result)}
        providerLabel={resultProviderLabel(viewing?.result)}
        builtInEngine={isBuiltInPreview(viewing?.result)}
        onClose={() => setViewing(null)}
      />
    </section>
  );
}
