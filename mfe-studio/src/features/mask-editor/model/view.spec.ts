import { clampZoom, fitScale, imageToScreen, screenToImage, viewTransform, zoomAround, FIT_MARGIN_PX, INITIAL_VIEW } from './view';

const viewport = { width: 800, height: 600, imageWidth: 3840, imageHeight: 2160 };

describe('editor view', () => {
  it('clamps zoom to 0.1–5', () => {
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(2)).toBe(2);
  });

  it('fits and centres the photo at zoom 1, its edges FIT_MARGIN_PX inside the frame', () => {
    expect(fitScale(viewport)).toBeCloseTo((800 - 2 * FIT_MARGIN_PX) / 3840);
    const t = viewTransform(INITIAL_VIEW, viewport);
    expect(t.originX).toBeCloseTo(FIT_MARGIN_PX);
    expect(t.originY).toBeCloseTo((600 - 2160 * t.scale) / 2);
    // a portrait: the margin is above and below
    const portrait = viewTransform(INITIAL_VIEW, { width: 1190, height: 747, imageWidth: 564, imageHeight: 1000 });
    expect(portrait.originY).toBeCloseTo(FIT_MARGIN_PX);
    expect(portrait.originY + 1000 * portrait.scale).toBeCloseTo(747 - FIT_MARGIN_PX);
  });

  it('maps screen and photo points both ways', () => {
    const view = { zoom: 2.5, panX: 40, panY: -30 };
    const p = { x: 123, y: 456 };
    const back = screenToImage(imageToScreen(p, view, viewport), view, viewport);
    expect(back.x).toBeCloseTo(123);
    expect(back.y).toBeCloseTo(456);
  });

  it('zooms around the cursor: the photo point under it stays put', () => {
    const anchor = { x: 200, y: 150 };
    const before = screenToImage(anchor, INITIAL_VIEW, viewport);
    const zoomed = zoomAround(INITIAL_VIEW, viewport, 3, anchor);
    expect(zoomed.zoom).toBe(3);
    const after = screenToImage(anchor, zoomed, viewport);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('clamps the zoom it is asked for', () => {
    expect(zoomAround(INITIAL_VIEW, viewport, 50, { x: 0, y: 0 }).zoom).toBe(5);
    expect(zoomAround(INITIAL_VIEW, viewport, 0, { x: 0, y: 0 }).zoom).toBe(0.1);
  });
});
