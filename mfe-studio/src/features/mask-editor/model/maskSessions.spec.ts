import { clearMaskSessions, maskSessionFor, maskSessionIds, releaseMaskSession, retainMaskSessions } from './maskSessions';

const photo = (id: number, width = 800, height = 1200) => ({ id, width, height });

afterEach(() => clearMaskSessions());

describe('mask sessions', () => {
  it('gives a reopened photo its mask in progress, and a photo of another size a clear one', () => {
    const first = maskSessionFor(photo(1));
    first.model.beginStroke({ x: 10, y: 10 });
    first.model.endStroke();
    expect(maskSessionFor(photo(1))).toBe(first);
    expect(maskSessionFor(photo(1)).model.getState().hasPaint).toBe(true);
    expect(maskSessionFor(photo(2))).not.toBe(first);
    const resized = maskSessionFor(photo(1, 400, 600));
    expect(resized).not.toBe(first);
    expect(resized.model.getState().hasPaint).toBe(false);
    expect(maskSessionIds().sort()).toEqual([1, 2]);
  });

  it('forgets a photo whose mask was approved: the next opening starts clear', () => {
    const first = maskSessionFor(photo(1));
    maskSessionFor(photo(2));
    releaseMaskSession(1);
    expect(maskSessionIds()).toEqual([2]);
    expect(maskSessionFor(photo(1))).not.toBe(first);
  });

  it('forgets the photos no longer in the workspace', () => {
    [1, 2, 3].forEach((id) => maskSessionFor(photo(id)));
    retainMaskSessions([3, 1, 99]);
    expect(maskSessionIds().sort()).toEqual([1, 3]);
    retainMaskSessions([]);
    expect(maskSessionIds()).toEqual([]);
  });

  it('forgets everything when cleared', () => {
    [1, 2].forEach((id) => maskSessionFor(photo(id)));
    clearMaskSessions();
    expect(maskSessionIds()).toEqual([]);
  });
});
