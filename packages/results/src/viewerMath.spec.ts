import {
  INITIAL_VIEW,
  canDrag,
  clampPan,
  clampScale,
  fitSize,
  formatZoom,
  panBy,
  scaleAfterPinch,
  scaleAfterWheel,
  zoomAround,
} from './viewerMath';

const frame = { width: 1000, height: 800 };

describe('clampScale', () => {
  it('keeps the zoom between 0.1 and 8', () => {
    expect(clampScale(0.01)).toBe(0.1);
    expect(clampScale(20)).toBe(8);
    expect(clampScale(2.5)).toBe(2.5);
    expect(clampScale(Number.NaN)).toBe(1);
  });
});

describe('fitSize', () => {
  it('contains a large image in the frame, keeping its aspect ratio', () => {
    expect(fitSize({ width: 3840, height: 2160 }, frame)).toEqual({ width: 1000, height: 562.5 });
    expect(fitSize({ width: 1000, height: 2000 }, frame)).toEqual({ width: 400, height: 800 });
  });
  it('never upscales a small image', () => {
    expect(fitSize({ width: 300, height: 200 }, frame)).toEqual({ width: 300, height: 200 });
  });
});

describe('wheel and pinch', () => {
  it('uses 0.001 per pixel and 0.008 per line-mode step', () => {
    expect(scaleAfterWheel(1, -100, 0)).toBeCloseTo(Math.exp(0.1));
    expect(scaleAfterWheel(1, 100, 0)).toBeCloseTo(Math.exp(-0.1));
    expect(scaleAfterWheel(1, -3, 1)).toBeCloseTo(Math.exp(0.024));
    // the same wheel distance back returns to the start
    expect(scaleAfterWheel(scaleAfterWheel(1, -250), 250)).toBeCloseTo(1);
  });
  it('clamps wheel zoom to 0.1–8', () => {
    expect(scaleAfterWheel(1, -100_000)).toBe(8);
    expect(scaleAfterWheel(1, 100_000)).toBe(0.1);
  });
  it('applies half of the relative pinch distance change', () => {
    expect(scaleAfterPinch(1, 100, 200)).toBeCloseTo(1.5);
    expect(scaleAfterPinch(2, 100, 50)).toBeCloseTo(1.5);
    expect(scaleAfterPinch(1, 0, 50)).toBe(1);
  });
});

describe('clampPan', () => {
  const base = { width: 1000, height: 562.5 };
  it('centres the image on an axis where it fits', () => {
    expect(clampPan({ scale: 1, translateX: 120, translateY: -40 }, base, frame)).toEqual(INITIAL_VIEW);
    // at 1.2× the width overflows (1200 > 1000) but the height fits (675 < 800)
    expect(clampPan({ scale: 1.2, translateX: 50, translateY: 30 }, base, frame)).toEqual({ scale: 1.2, translateX: 50, translateY: 0 });
  });
  it('stops panning at the image edges', () => {
    // at 4× the image is 4000×2250: at most 1500 px sideways and 725 px vertically
    expect(clampPan({ scale: 4, translateX: 9999, translateY: -9999 }, base, frame)).toEqual({ scale: 4, translateX: 1500, translateY: -725 });
  });
});

describe('zoomAround', () => {
  const base = { width: 1000, height: 562.5 };
  it('keeps the point under the cursor in place', () => {
    const focus = { x: 200, y: 100 };
    const next = zoomAround(INITIAL_VIEW, 2, focus, base, frame);
    // the image point under the focus before: (focus - t) / s = (200, 100); after: t + 2·(200, 100) = focus
    expect(next).toEqual({ scale: 2, translateX: -200, translateY: -100 });
  });
  it('recentres when zooming back out to a size that fits', () => {
    const zoomed = { scale: 3, translateX: 800, translateY: 300 };
    expect(zoomAround(zoomed, 0.5, { x: 400, y: 300 }, base, frame)).toEqual({ scale: 0.5, translateX: 0, translateY: 0 });
  });
  it('clamps the scale', () => {
    expect(zoomAround(INITIAL_VIEW, 50, { x: 0, y: 0 }, base, frame).scale).toBe(8);
  });
});

describe('panBy', () => {
  const base = { width: 1000, height: 562.5 };
  it('does nothing at 100 % or below', () => {
    expect(canDrag(1)).toBe(false);
    expect(panBy(INITIAL_VIEW, 50, 50, base, frame)).toBe(INITIAL_VIEW);
  });
  it('moves and clamps when zoomed in', () => {
    expect(canDrag(1.01)).toBe(true);
    expect(panBy({ scale: 2, translateX: 0, translateY: 0 }, 300, 9999, base, frame)).toEqual({ scale: 2, translateX: 300, translateY: 162.5 });
  });
});

describe('formatZoom', () => {
  it('shows a whole percentage', () => {
    expect(formatZoom(1)).toBe('100%');
    expect(formatZoom(0.1)).toBe('10%');
    expect(formatZoom(2.345)).toBe('235%');
  });
});
