import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { GALLERY_COLUMNS, ResultTile, ResultsGrid, SkeletonTiles, columnsForWidth } from '@vton/results';
import type { GalleryItem } from '../utils/galleryItems';
import { tileSize, visibleRows, type RowWindow } from '../utils/virtualRows';

const GAP = 12;
/** Rows drawn beyond the screen, above and below. */
const OVERSCAN = 3;
/** Tile size before the grid is measured (and in jsdom). */
const FALLBACK_TILE = 200;

const Rows = styled.div`
  position: relative;
  width: 100%;
`;

export interface GalleryGridProps {
  items: readonly GalleryItem[];
  /** Placeholders for pending generations, drawn first. */
  skeletonCount: number;
  /** Asks for the next page once the last rows come near the screen. */
  onNearEnd?: () => void;
  onOpen: (item: GalleryItem) => void;
  onDownload: (item: GalleryItem) => void;
  onDelete: (item: GalleryItem) => void;
  /** The saved image being deleted. */
  busyId?: number;
  /** A thumbnail failed to load (deleted in another tab): the list is read again. */
  onImageError?: () => void;
  /** Tiles just moved under the cursor (a delete): their hover actions wait for the pointer to move. */
  actionsHeld?: boolean;
}

/**
 * The gallery's tiles with only the rows near the screen in the DOM: with a seller's whole
 * history (thousands of images) the page keeps a few dozen tiles mounted, sized by an
 * absolutely positioned row per `top`, in a box as tall as every row together.
 */
export function GalleryGrid({ items, skeletonCount, onNearEnd, onOpen, onDownload, onDelete, busyId, onImageError, actionsHeld }: GalleryGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [viewportWidth, setViewportWidth] = useState(() => window.innerWidth);
  const [width, setWidth] = useState(0);
  const columns = columnsForWidth(GALLERY_COLUMNS, viewportWidth);
  const size = width > 0 ? tileSize(width, columns, GAP) : FALLBACK_TILE;
  const stride = size + GAP;
  const cellCount = skeletonCount + items.length;
  const rowCount = Math.ceil(cellCount / columns);

  const geometry = useRef({ rowCount, rowStride: stride });
  geometry.current = { rowCount, rowStride: stride };
  const [rows, setRows] = useState<RowWindow>({ firstRow: 0, lastRow: 0 });

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const next = visibleRows({
      ...geometry.current,
      gridTop: element.getBoundingClientRect().top,
      viewportHeight: window.innerHeight,
      overscan: OVERSCAN,
    });
    setRows((current) => (current.firstRow === next.firstRow && current.lastRow === next.lastRow ? current : next));
  }, []);

  // Re-measure when the rows themselves change (more items, new column count, resize).
  useLayoutEffect(measure, [measure, rowCount, stride]);

  useEffect(() => {
    let frame: number | null = null;
    const schedule = () => {
      if (frame === null) frame = requestAnimationFrame(() => {
        frame = null;
        measure();
      });
    };
    const onResize = () => {
      setViewportWidth(window.innerWidth);
      setWidth(ref.current?.clientWidth ?? 0);
      schedule();
    };
    setWidth(ref.current?.clientWidth ?? 0);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', onResize);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
    if (ref.current) observer?.observe(ref.current);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', onResize);
      observer?.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [measure]);

  const nearEnd = rows.lastRow >= rowCount - OVERSCAN;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd, rowCount]);

  const drawn = [];
  for (let row = rows.firstRow; row < Math.min(rows.lastRow, rowCount); row += 1) {
    const start = row * columns;
    const end = Math.min(cellCount, start + columns);
    const skeletonsHere = Math.max(0, Math.min(end, skeletonCount) - start);
    const tiles = items.slice(Math.max(0, start - skeletonCount), end - skeletonCount);
    drawn.push(
      <ResultsGrid
        key={row}
        role="none"
        columns={columns}
        gap={GAP}
        style={{ position: 'absolute', top: row * stride, left: 0, right: 0 }}
      >
        {skeletonsHere > 0 && <SkeletonTiles count={skeletonsHere} total={skeletonCount} offset={start} />}
        {tiles.map((item) => (
          <ResultTile
            key={item.key}
            n={item.n}
            caption={item.caption}
            product={item.product}
            date={item.date}
            mock={item.mock}
            thumbnailUrl={item.thumbnailUrl}
            width={item.width}
            height={item.height}
            isNew={item.isNew}
            onOpen={() => onOpen(item)}
            onDownload={() => onDownload(item)}
            onDelete={item.savedId !== undefined ? () => onDelete(item) : undefined}
            busy={item.savedId !== undefined && item.savedId === busyId}
            onImageError={onImageError}
            actionsHeld={actionsHeld}
            builtInEngine={item.builtInEngine}
          />
        ))}
      </ResultsGrid>,
    );
  }

  return (
    <Rows ref={ref} role="list" aria-label="Gallery results" style={{ height: Math.max(0, rowCount * stride - GAP) }} data-columns={columns}>
      {drawn}
    </Rows>
  );
}
