/** A cell of the grid: its row (product) and column (model photo). */
export interface GridPosition {
  row: number;
  col: number;
}

/**
 * Where focus goes for a key in a grid of `rows` × `cols` (the WAI-ARIA grid pattern): arrows move
 * one cell, Home/End to the row's first/last cell, Ctrl+Home/End to the grid's first/last cell,
 * PageUp/PageDown `page` rows. Null for any other key.
 */
export function nextPosition(from: GridPosition, key: string, ctrl: boolean, rows: number, cols: number, page = 5): GridPosition | null {
  const clamp = (row: number, col: number) => ({ row: Math.max(0, Math.min(rows - 1, row)), col: Math.max(0, Math.min(cols - 1, col)) });
  switch (key) {
    case 'ArrowRight':
      return clamp(from.row, from.col + 1);
    case 'ArrowLeft':
      return clamp(from.row, from.col - 1);
    case 'ArrowDown':
      return clamp(from.row + 1, from.col);
    case 'ArrowUp':
      return clamp(from.row - 1, from.col);
    case 'Home':
      return ctrl ? clamp(0, 0) : clamp(from.row, 0);
    case 'End':
      return ctrl ? clamp(rows - 1, cols - 1) : clamp(from.row, cols - 1);
    case 'PageDown':
      return clamp(from.row + page, from.col);
    case 'PageUp':
      return clamp(from.row - page, from.col);
    default:
      return null;
  }
}
