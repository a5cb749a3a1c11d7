import { clipRect, interpolateSegment, stampSpacing, strokeStamps, stampsBounds, unionRect } from './stroke';

function maxGap(points: { x: number; y: number }[]): number {
  let gap = 0;
  for (let i = 1; i < points.length; i += 1) gap = Math.max(gap, Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y));
  return gap;
}

describe('stroke interpolation', () => {
  it('spaces stamps at a quarter of the brush size', () => {
    expect(stampSpacing(20)).toBe(5);
    expect(stampSpacing(100)).toBe(25);
    expect(stampSpacing(2)).toBe(1);
  });

  it('fills a fast move (two samples far apart) with stamps no further apart than the spacing', () => {
    const stamps = strokeStamps([{ x: 0, y: 0 }, { x: 1000, y: 0 }], 20);
    expect(stamps.length).toBeGreaterThanOrEqual(200);
    expect(maxGap(stamps)).toBeLessThanOrEqual(5 + 1e-9);
    expect(stamps[0]).toEqual({ x: 0, y: 0 });
    expect(stamps[stamps.length - 1].x).toBeGreaterThan(995);
  });

  it('keeps the spacing even across many short pointer samples', () => {
    const samples = Array.from({ length: 300 }, (_, i) => ({ x: i * 0.7, y: Math.sin(i / 10) * 30 }));
    const stamps = strokeStamps(samples, 8);
    expect(maxGap(stamps)).toBeLessThanOrEqual(2 + 1e-9);
    // no pile of stamps at every sample: about path length / spacing
    let length = 0;
    for (let i = 1; i < samples.length; i += 1) length += Math.hypot(samples[i].x - samples[i - 1].x, samples[i].y - samples[i - 1].y);
    expect(stamps.length).toBe(Math.floor(length / 2) + 1);
  });

  it('carries the remainder from one segment to the next', () => {
    const first = interpolateSegment({ x: 0, y: 0 }, { x: 7, y: 0 }, 5, 5);
    expect(first.stamps).toEqual([{ x: 5, y: 0 }]);
    expect(first.carry).toBeCloseTo(3);
    const second = interpolateSegment({ x: 7, y: 0 }, { x: 20, y: 0 }, 5, first.carry);
    expect(second.stamps.map((p) => p.x)).toEqual([10, 15, 20]);
  });

  it('a click (one point) still leaves a stamp', () => {
    expect(strokeStamps([{ x: 3, y: 4 }], 20)).toEqual([{ x: 3, y: 4 }]);
  });
});

describe('dirty rectangles', () => {
  it('bounds stamps by the brush radius', () => {
    expect(stampsBounds([{ x: 10, y: 10 }, { x: 30, y: 20 }], 10)).toEqual({ x: 4, y: 4, width: 32, height: 22 });
    expect(stampsBounds([], 10)).toBeNull();
  });

  it('unions and clips to the photo', () => {
    const union = unionRect({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: -5, width: 20, height: 5 });
    expect(union).toEqual({ x: 0, y: -5, width: 25, height: 15 });
    expect(clipRect(union!, 20, 8)).toEqual({ x: 0, y: 0, width: 20, height: 8 });
    expect(clipRect({ x: 30, y: 0, width: 5, height: 5 }, 20, 20)).toBeNull();
  });
});
