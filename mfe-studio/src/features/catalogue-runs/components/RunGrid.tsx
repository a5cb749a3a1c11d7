import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled, { css } from 'styled-components';
import { GARMENT_CATEGORY_LABELS, type RunCellState, type TryOnRun, type TryOnRunCell } from '@vton/contracts';
import { Spinner } from '@vton/ui';
import { nextPosition, type GridPosition } from '../utils/gridFocus';

const CELL = 136;
const ROW_HEADER = 168;
const COLUMN_HEADER = 44;

/** What the grid shows of a product (row) and a model photo (column). */
export interface GridProduct {
  id: number;
  name: string;
}
export interface GridModel {
  id: number;
  filename: string;
  thumbnailUrl?: string;
}

export interface RunGridProps {
  run: TryOnRun;
  products: Map<number, GridProduct>;
  models: Map<number, GridModel>;
  /** Opens a succeeded cell's result in the viewer. */
  onOpen: (cell: TryOnRunCell) => void;
  /** Runs a failed, skipped or cancelled cell again. */
  onRetry: (cell: TryOnRunCell) => void;
  /** Cells being retried now (their buttons wait). */
  retrying: ReadonlySet<number>;
}

const STATE_LABELS: Record<RunCellState, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
  canceled: 'Cancelled',
};
const retryable = (state: RunCellState) => state === 'failed' || state === 'skipped' || state === 'canceled';

const Scroller = styled.div`
  position: relative;
  /* the grid scrolls within itself (on a phone too), never the page sideways */
  overflow: auto;
  max-width: 100%;
  height: min(70vh, 100%);
  min-height: 280px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
`;

const headerText = css`
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const ColumnHeaders = styled.div`
  position: sticky;
  top: 0;
  z-index: 2;
  height: ${COLUMN_HEADER}px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const ColumnHeader = styled.div`
  position: absolute;
  top: 0;
  height: ${COLUMN_HEADER}px;
  display: flex;
  align-items: center;
  gap: 6px;
  padding: 0 8px;
  ${headerText}
  img { width: 28px; height: 28px; border-radius: 6px; object-fit: cover; flex: none; }
  /* the name is the flex item that shrinks: the ellipsis must be on it, not on the header around it */
  span { min-width: 0; ${headerText} }
`;

/** The left column (the corner over it, then a product's name on each row) stays in view when the grid scrolls sideways. */
const leftColumn = css`
  position: sticky;
  left: 0;
  width: ${ROW_HEADER}px;
  display: flex;
  align-items: center;
  padding: 0 10px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  ${headerText}
`;

const Corner = styled.div`
  ${leftColumn}
  z-index: 3;
  height: ${COLUMN_HEADER}px;
`;

const RowHeader = styled.div`
  ${leftColumn}
  z-index: 1;
  height: ${CELL}px;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  white-space: normal;
  /* a long product name: three lines and an ellipsis (the full name in its title) */
  span { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden; overflow-wrap: anywhere; }
`;

const Cell = styled.div<{ $state: RunCellState }>`
  position: absolute;
  top: 0;
  width: ${CELL}px;
  height: ${CELL}px;
  padding: 4px;
  &:focus { outline: none; }
  &:focus-visible > div { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -2px; }
  > div {
    position: relative;
    width: 100%;
    height: 100%;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 6px;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ $state }) => ($state === 'failed' ? 'rgba(240, 80, 110, 0.12)' : 'rgba(255, 255, 255, 0.03)')};
    border: 1px solid ${({ theme, $state }) => ($state === 'failed' ? theme.colors.destructive : theme.colors.border)};
    overflow: hidden;
    font-size: 12px;
    color: ${({ theme }) => theme.colors.textMuted};
    text-align: center;
  }
  button:not(.thumb) {
    position: relative;
    z-index: 1;
    font: inherit;
    font-size: 12px;
    padding: 4px 10px;
    border-radius: ${({ theme }) => theme.radii.pill};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    cursor: pointer;
  }
  /* a failed cell's message: three whole lines and an ellipsis (the full message in its title and the cell's name), never a line cut in half */
  small { padding: 0 6px; line-height: 1.3; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden; overflow-wrap: anywhere; flex: none; }
`;

/**
 * The run's grid: products as rows, model photos as columns, each cell's state, thumbnail, retry
 * and viewer. Virtualised in both directions (only the cells in view are in the page), so a
 * 500-cell run stays responsive; it scrolls within itself, headers sticky. Keyboard: one tab stop,
 * arrows / Home / End / PageUp / PageDown move between cells, Enter opens a result or retries.
 */
export function RunGrid({ run, products, models, onOpen, onRetry, retrying }: RunGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = run.garmentIds;
  const cols = run.modelIds;
  const cells = useMemo(() => new Map(run.cells.map((c) => [`${c.garmentId}:${c.modelId}`, c])), [run.cells]);
  const rowVirtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => CELL, overscan: 3 });
  const colVirtualizer = useVirtualizer({ horizontal: true, count: cols.length, getScrollElement: () => scroller.current, estimateSize: () => CELL, overscan: 2 });
  const [focus, setFocus] = useState<GridPosition>({ row: 0, col: 0 });
  const [moved, setMoved] = useState(false);

  // After a key moved focus, the cell may only now be rendered: focus it once it is.
  useEffect(() => {
    if (!moved) return;
    scroller.current?.querySelector<HTMLElement>(`[data-cell="${focus.row}-${focus.col}"]`)?.focus({ preventScroll: true });
  });

  const cellAt = (row: number, col: number) => cells.get(`${rows[row]}:${cols[col]}`);
  const nameOf = (row: number) => products.get(rows[row])?.name ?? `Product ${rows[row]}`;
  const modelOf = (col: number) => models.get(cols[col])?.filename ?? `Model ${cols[col]}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextPosition(focus, event.key, event.ctrlKey || event.metaKey, rows.length, cols.length);
    if (next) {
      event.preventDefault();
      setFocus(next);
      setMoved(true);
      rowVirtualizer.scrollToIndex(next.row, { align: 'auto' });
      colVirtualizer.scrollToIndex(next.col, { align: 'auto' });
      return;
    }
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const cell = cellAt(focus.row, focus.col);
    if (!cell) return;
    event.preventDefault();
    if (cell.state === 'succeeded' && cell.result) onOpen(cell);
    else if (retryable(cell.state) && !retrying.has(cell.id)) onRetry(cell);
  };

  const width = ROW_HEADER + colVirtualizer.getTotalSize();
  const virtualCols = colVirtualizer.getVirtualItems();
  return (
    <Scroller
      ref={scroller}
      role="grid"
      aria-label="Run results: products as rows, model photos as columns"
      aria-rowcount={rows.length + 1}
      aria-colcount={cols.length + 1}
      onKeyDown={onKeyDown}
      data-testid="run-grid"
    >
      <div style={{ width, height: COLUMN_HEADER + rowVirtualizer.getTotalSize(), position: 'relative' }}>
        <ColumnHeaders role="row" aria-rowindex={1} style={{ width }}>
          <Corner role="columnheader" aria-colindex={1}>
            {rows.length} × {cols.length}
          </Corner>
          {virtualCols.map((col) => (
            <ColumnHeader key={col.key} role="columnheader" aria-colindex={col.index + 2} title={modelOf(col.index)} style={{ left: ROW_HEADER + col.start, width: col.size }}>
              {models.get(cols[col.index])?.thumbnailUrl && <img src={models.get(cols[col.index])!.thumbnailUrl} alt="" />}
              <span>{modelOf(col.index)}</span>
            </ColumnHeader>
          ))}
        </ColumnHeaders>
        {rowVirtualizer.getVirtualItems().map((row) => (
          <div key={row.key} role="row" aria-rowindex={row.index + 2} style={{ position: 'absolute', top: COLUMN_HEADER + row.start, left: 0, width, height: row.size }}>
            <RowHeader role="rowheader" aria-colindex={1} title={nameOf(row.index)}>
              <span>{nameOf(row.index)}</span>
            </RowHeader>
            {virtualCols.map((col) => {
              const cell = cellAt(row.index, col.index);
              const focused = focus.row === row.index && focus.col === col.index;
              return (
                <Cell
                  key={col.key}
                  role="gridcell"
                  aria-colindex={col.index + 2}
                  data-cell={`${row.index}-${col.index}`}
                  data-state={cell?.state}
                  tabIndex={focused ? 0 : -1}
                  $state={cell?.state ?? 'queued'}
                  style={{ left: ROW_HEADER + col.start }}
                  aria-label={cell ? cellLabel(cell, nameOf(row.index), modelOf(col.index)) : undefined}
                  onFocus={() => setFocus({ row: row.index, col: col.index })}
                >
                  <div>{cell && <CellContent cell={cell} retrying={retrying.has(cell.id)} onOpen={onOpen} onRetry={onRetry} />}</div>
                </Cell>
              );
            })}
          </div>
        ))}
      </div>
    </Scroller>
  );
}

const Thumb = styled.button.attrs({ className: 'thumb' })`
  position: absolute;
  inset: 0;
  padding: 0;
  border: 0;
  background: none;
  cursor: zoom-in;
  img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;

function CellContent({ cell, retrying, onOpen, onRetry }: { cell: TryOnRunCell; retrying: boolean; onOpen: RunGridProps['onOpen']; onRetry: RunGridProps['onRetry'] }) {
  if (cell.state === 'succeeded' && cell.result) {
    const thumbnail = cell.result.savedImage?.thumbnailUrl ?? cell.result.imageUrl;
    return (
      <Thumb type="button" tabIndex={-1} aria-label="View result" onClick={() => onOpen(cell)}>
        <img src={thumbnail} alt="" loading="lazy" />
      </Thumb>
    );
  }
  if (cell.state === 'queued' || cell.state === 'running') {
    return (
      <>
        <Spinner size={cell.state === 'running' ? 22 : 14} />
        <span>{STATE_LABELS[cell.state]}{cell.attempts > 1 ? ` · attempt ${cell.attempts}` : ''}</span>
      </>
    );
  }
  return (
    <>
      <strong>{STATE_LABELS[cell.state]}</strong>
      {cell.error && <small title={cell.error.message}>{cell.state === 'skipped' ? `No ${GARMENT_CATEGORY_LABELS[cell.category].toLowerCase()} mask` : cell.error.message}</small>}
      <button type="button" tabIndex={-1} disabled={retrying} onClick={() => onRetry(cell)}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </>
  );
}

function cellLabel(cell: TryOnRunCell, product: string, model: string): string {
  const what = `${product} on ${model}: ${STATE_LABELS[cell.state]}`;
  if (cell.state === 'succeeded') return `${what}. Press Enter to view.`;
  if (retryable(cell.state)) return `${what}${cell.error ? ` (${cell.error.message})` : ''}. Press Enter to retry.`;
  return what;
}
