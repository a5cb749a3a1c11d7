import { maskBounds, maskBox, planGarmentCrop } from './geometry.js';

const crop = (x: number, y: number, width: number, height: number, naturalWidth: number, naturalHeight: number) =>
  ({ x, y, width, height, naturalWidth, naturalHeight });

describe('planGarmentCrop', () => {
  it('scales a large crop down to fit the target square', () => {
    const plan = planGarmentCrop(crop(100, 200, 1920, 1920, 4000, 3000), 4000, 3000, 960)!;
    expect(plan.extract).toEqual({ left: 100, top: 200, width: 1920, height: 1920 });
    expect(plan.scale).toBe(0.5);
    expect(plan.resize).toEqual({ width: 960, height: 960 });
    expect(plan.place).toEqual({ left: 0, top: 0 });
  });

  it('never upscales a small crop: it is centred at its own size', () => {
    const plan = planGarmentCrop(crop(0, 0, 300, 300, 300, 300), 300, 300, 960)!;
    expect(plan.scale).toBe(1);
    expect(plan.resize).toEqual({ width: 300, height: 300 });
    expect(plan.place).toEqual({ left: 330, top: 330 });
  });

  it('keeps the part outside the image white by placing the image part at its offset', () => {
    // 400×200 image, a 400×400 square crop starting 100 px above it: rows 100..300 of the square are image.
    const plan = planGarmentCrop(crop(0, -100, 400, 400, 400, 200), 400, 200, 960)!;
    expect(plan.extract).toEqual({ left: 0, top: 0, width: 400, height: 200 });
    expect(plan.resize).toEqual({ width: 400, height: 200 });
    expect(plan.place).toEqual({ left: 280, top: 280 + 100 });
  });

  it('maps a crop measured at other natural dimensions onto the stored image', () => {
    const plan = planGarmentCrop(crop(50, 50, 100, 100, 200, 200), 400, 400, 960)!;
    expect(plan.extract).toEqual({ left: 100, top: 100, width: 200, height: 200 });
  });

  it('says null for a crop entirely outside the image', () => {
    expect(planGarmentCrop(crop(500, 0, 100, 100, 400, 400), 400, 400, 960)).toBeNull();
    expect(planGarmentCrop(crop(-200, -200, 100, 100, 400, 400), 400, 400, 960)).toBeNull();
  });
});

describe('maskBox', () => {
  it('finds the box of the non-zero pixels', () => {
    const map = new Uint8Array(10 * 8);
    map[2 * 10 + 3] = 255;
    map[5 * 10 + 7] = 1;
    expect(maskBox(map, 10, 8)).toEqual({ left: 3, top: 2, width: 5, height: 4 });
  });

  it('says null for an empty mask', () => {
    expect(maskBox(new Uint8Array(100), 10, 10)).toBeNull();
  });
});

describe('maskBounds', () => {
  it('pads by 10 and grows the shorter side to a square around the centre', () => {
    expect(maskBounds({ left: 100, top: 100, width: 50, height: 30 }, 10, 1000, 1000)).toEqual({ x: 90, y: 80, width: 70, height: 70 });
  });

  it('shifts the square back inside the photo at an edge instead of cutting it', () => {
    // Painted at the left edge: the square keeps its size and starts at 0.
    expect(maskBounds({ left: 0, top: 400, width: 20, height: 100 }, 10, 1000, 1000)).toEqual({ x: 0, y: 390, width: 120, height: 120 });
    // Painted at the bottom-right corner.
    expect(maskBounds({ left: 980, top: 990, width: 20, height: 10 }, 10, 1000, 1000)).toEqual({ x: 970, y: 970, width: 30, height: 30 });
  });

  it('cuts the square to the photo only where the photo is too small for it', () => {
    // A wide stroke across a landscape photo: as wide as the photo, the full height.
    expect(maskBounds({ left: 0, top: 40, width: 400, height: 20 }, 10, 400, 100)).toEqual({ x: 0, y: 0, width: 400, height: 100 });
  });

  it('always contains the padded painted box', () => {
    for (let i = 0; i < 500; i++) {
      const w = 50 + Math.floor(Math.random() * 500);
      const h = 50 + Math.floor(Math.random() * 500);
      const left = Math.floor(Math.random() * w);
      const top = Math.floor(Math.random() * h);
      const box = { left, top, width: 1 + Math.floor(Math.random() * (w - left)), height: 1 + Math.floor(Math.random() * (h - top)) };
      const b = maskBounds(box, 10, w, h);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(w);
      expect(b.y + b.height).toBeLessThanOrEqual(h);
      expect(b.x).toBeLessThanOrEqual(Math.max(0, box.left - 10));
      expect(b.y).toBeLessThanOrEqual(Math.max(0, box.top - 10));
      expect(b.x + b.width).toBeGreaterThanOrEqual(Math.min(w, box.left + box.width + 10));
      expect(b.y + b.height).toBeGreaterThanOrEqual(Math.min(h, box.top + box.height + 10));
      if (b.width < w && b.height < h) expect(b.width).toBe(b.height);
    }
  });
});
