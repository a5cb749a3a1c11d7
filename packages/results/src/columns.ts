/**
 * Responsive column counts for the results grid, by viewport width (min-width breakpoints:
 * sm 640, md 768, lg 1024, xl 1280, 2xl 1536).
 */
export interface ColumnSpec {
  base: number;
  sm?: number;
  md?: number;
  lg?: number;
  xl?: number;
  '2xl'?: number;
}

export const COLUMN_BREAKPOINTS = [
  ['sm', 640],
  ['md', 768],
  ['lg', 1024],
  ['xl', 1280],
  ['2xl', 1536],
] as const;

/** The studio's results drawer (spec §2): 2 small, 3 medium, 4 large, 5 extra large. */
export const DRAWER_COLUMNS: ColumnSpec = { base: 2, md: 3, lg: 4, xl: 5 };

/** The gallery page (spec §2): 2 to 6 columns depending on width. */
export const GALLERY_COLUMNS: ColumnSpec = { base: 2, sm: 3, md: 4, lg: 5, xl: 6 };

/** The column count the spec gives at a viewport width. */
export function columnsForWidth(spec: ColumnSpec, width: number): number {
  let columns = spec.base;
  for (const [name, min] of COLUMN_BREAKPOINTS) {
    const value = spec[name];
    if (value !== undefined && width >= min) columns = value;
  }
  return Math.max(1, columns);
}
