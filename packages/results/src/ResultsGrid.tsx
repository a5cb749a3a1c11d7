import type { CSSProperties, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { COLUMN_BREAKPOINTS, type ColumnSpec } from './columns.js';

function columnRules(columns: number | ColumnSpec) {
  if (typeof columns === 'number') return css`grid-template-columns: repeat(${columns}, minmax(0, 1fr));`;
  return css`
    grid-template-columns: repeat(${columns.base}, minmax(0, 1fr));
    ${COLUMN_BREAKPOINTS.filter(([name]) => columns[name] !== undefined).map(
      ([name, min]) => css`
        @media (min-width: ${min}px) {
          grid-template-columns: repeat(${columns[name]}, minmax(0, 1fr));
        }
      `,
    )}
  `;
}

const Grid = styled.div<{ $columns: number | ColumnSpec; $gap: number }>`
  display: grid;
  gap: ${({ $gap }) => $gap}px;
  ${({ $columns }) => columnRules($columns)}
`;

export interface ResultsGridProps {
  /** A fixed count, or counts by viewport width (DRAWER_COLUMNS, GALLERY_COLUMNS). */
  columns: number | ColumnSpec;
  /** Gap between tiles in px (default 12). */
  gap?: number;
  /** ResultTile and SkeletonTiles. */
  children: ReactNode;
  'aria-label'?: string;
  /** 'none' for a row of a larger list (the gallery's virtualised rows). */
  role?: 'list' | 'none';
  className?: string;
  style?: CSSProperties;
}

/** The responsive tile grid of the results drawer and the gallery page (a list of tiles). */
export function ResultsGrid({ columns, gap = 12, children, className, style, role = 'list', ...aria }: ResultsGridProps) {
  return (
    <Grid role={role} $columns={columns} $gap={gap} className={className} style={style} aria-label={aria['aria-label']}>
      {children}
    </Grid>
  );
}
