/** Row virtualisation of the gallery grid against the window's scroll: which rows to draw. */
export interface RowWindow {
  firstRow: number;
  /** Exclusive. */
  lastRow: number;
}

export interface RowGeometry {
  rowCount: number;
  /** Tile height plus the gap below it. */
  rowStride: number;
  /** The grid's top edge relative to the viewport top (negative once scrolled past). */
  gridTop: number;
  viewportHeight: number;
  /** Extra rows drawn above and below the visible ones. */
  overscan: number;
}

export function visibleRows({ rowCount, rowStride, gridTop, viewportHeight, overscan }: RowGeometry): RowWindow {
  if (rowCount <= 0 || rowStride <= 0) return { firstRow: 0, lastRow: 0 };
  const start = Math.max(0, -gridTop);
  const end = Math.max(0, viewportHeight - gridTop);
  const firstRow = Math.max(0, Math.floor(start / rowStride) - overscan);
  const lastRow = Math.min(rowCount, Math.ceil(end / rowStride) + overscan);
  return { firstRow: Math.min(firstRow, lastRow), lastRow };
}

/** Square tiles filling `width` in `columns` with `gap` between them. */
export function tileSize(width: number, columns: number, gap: number): number {
  return Math.max(0, (width - gap * (columns - 1)) / columns);
}
