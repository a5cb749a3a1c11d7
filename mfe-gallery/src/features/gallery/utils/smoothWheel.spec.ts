import { clampScroll, smoothStep, wheelPixels } from './smoothWheel';

describe('smooth half-speed wheel', () => {
  it('turns line and page wheel deltas into pixels', () => {
    expect(wheelPixels(100, 0, 800)).toBe(100);
    expect(wheelPixels(3, 1, 800)).toBe(48);
    expect(wheelPixels(1, 2, 800)).toBe(800);
  });
  it('eases towards the target and lands on it', () => {
    let y = 0;
    const frames: number[] = [];
    while (y !== 50 && frames.length < 100) frames.push((y = smoothStep(y, 50)));
    expect(frames[0]).toBe(12.5);
    expect(frames[frames.length - 1]).toBe(50);
    expect(frames.length).toBeLessThan(20);
  });
  it('keeps the target inside the page', () => {
    expect(clampScroll(-20, 500)).toBe(0);
    expect(clampScroll(900, 500)).toBe(500);
    expect(clampScroll(100, -1)).toBe(0);
  });
});
