import { tileSize, visibleRows } from './virtualRows';

describe('visibleRows', () => {
  const base = { rowCount: 200, rowStride: 212, viewportHeight: 800, overscan: 2 };
  it('draws the rows on screen plus the overscan', () => {
    expect(visibleRows({ ...base, gridTop: 300 })).toEqual({ firstRow: 0, lastRow: 5 }); // 500 px of grid visible → rows 0–2, +2
    expect(visibleRows({ ...base, gridTop: -2120 })).toEqual({ firstRow: 8, lastRow: 16 }); // rows 10–13 visible
  });
  it('stays within the rows that exist', () => {
    expect(visibleRows({ ...base, rowCount: 3, gridTop: 0 })).toEqual({ firstRow: 0, lastRow: 3 });
    expect(visibleRows({ ...base, rowCount: 3, gridTop: -100_000 })).toEqual({ firstRow: 3, lastRow: 3 });
    expect(visibleRows({ ...base, rowCount: 0, gridTop: 0 })).toEqual({ firstRow: 0, lastRow: 0 });
  });
});

describe('tileSize', () => {
  it('fills the width with square tiles and gaps', () => {
    expect(tileSize(1212, 6, 12)).toBe(192);
    expect(tileSize(0, 2, 12)).toBe(0);
  });
});
