import styled, { keyframes } from 'styled-components';
import { TileFrame } from './ResultTile.js';

const shimmer = keyframes`
  from { background-position: 200% 0; }
  to { background-position: -200% 0; }
`;

const Skeleton = styled(TileFrame)`
  display: flex;
  align-items: center;
  justify-content: center;
  background: linear-gradient(90deg, #1c1c2a 0%, #27273a 50%, #1c1c2a 100%);
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s linear infinite;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  font-variant-numeric: tabular-nums;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

export interface SkeletonTilesProps {
  /** How many placeholders (the store's skeletonCount). */
  count: number;
  /** The denominator of the n/total counter; defaults to count. */
  total?: number;
  /** Index of the first placeholder drawn, for a grid split into rows (default 0). */
  offset?: number;
}

/** Placeholders for results still being generated, each with an "n/total" counter (spec §2). */
export function SkeletonTiles({ count, total, offset = 0 }: SkeletonTilesProps) {
  const of = total ?? count;
  return (
    <>
      {Array.from({ length: Math.max(0, count) }, (_, k) => offset + k + 1).map((n) => (
        <Skeleton key={`skeleton-${n}`} role="listitem" aria-label={`Generating result ${n} of ${of}`} aria-busy="true" data-skeleton-tile>
          <span aria-hidden="true">
            {n}/{of}
          </span>
        </Skeleton>
      ))}
    </>
  );
}
