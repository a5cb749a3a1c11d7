import { cropArea, cropLabel, defaultCrop, moveCrop, passedDragThreshold, resizeCrop, toCropData } from './cropModel';

const photo = { width: 2000, height: 3000 };

describe('crop model', () => {
  it('defaults to a centred 960 px square', () => {
    expect(defaultCrop(photo)).toEqual({ x: 520, y: 1020, size: 960 });
    expect(cropLabel(defaultCrop(photo))).toBe('960px');
  });

  it('lets a small photo be padded with white around the default square', () => {
    const small = { width: 600, height: 400 };
    expect(defaultCrop(small)).toEqual({ x: -180, y: -280, size: 960 });
    expect(cropArea(small)).toEqual({ x: -180, y: -280, size: 960 });
  });

  it('moves within the area', () => {
    const moved = moveCrop(defaultCrop(photo), -5000, 99999, photo);
    expect(moved).toEqual({ x: -500, y: 2040, size: 960 });
  });

  it('resizes from a corner keeping the opposite corner and the square shape', () => {
    const start = { x: 100, y: 100, size: 500 };
    expect(resizeCrop(start, 'se', 100, 20, photo)).toEqual({ x: 100, y: 100, size: 600 });
    expect(resizeCrop(start, 'nw', -50, -10, photo)).toEqual({ x: 50, y: 50, size: 550 });
    expect(resizeCrop(start, 'ne', 10, -40, photo)).toEqual({ x: 100, y: 60, size: 540 });
  });

  it('never goes below 20 px or past the area', () => {
    const start = { x: 100, y: 100, size: 500 };
    expect(resizeCrop(start, 'se', -1000, -1000, photo).size).toBe(20);
    const nw = resizeCrop(start, 'nw', -5000, -5000, photo);
    expect(nw).toEqual({ x: 0, y: 0, size: 600 }); // the top edge of the area stops it
    const sw = resizeCrop(start, 'sw', -5000, 0, photo);
    expect(sw).toEqual({ x: -500, y: 100, size: 1100 }); // the left edge of the area
  });

  it('sends whole natural pixels', () => {
    expect(toCropData({ x: 10.4, y: -3.6, size: 959.7 }, photo)).toEqual({ x: 10, y: -4, width: 960, height: 960, naturalWidth: 2000, naturalHeight: 3000 });
  });

  it('needs 5 px before a press becomes a drag', () => {
    expect(passedDragThreshold(3, 3, 5)).toBe(false);
    expect(passedDragThreshold(3, 4, 5)).toBe(true);
  });
});
