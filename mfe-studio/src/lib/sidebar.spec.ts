import { clampSidebarWidth, defaultSidebarWidth, sidebarWidthAfterKey } from './sidebar';

describe('sidebar width', () => {
  it('defaults to 40 % of the window, clamped to 240–600', () => {
    expect(defaultSidebarWidth(1000)).toBe(400);
    expect(defaultSidebarWidth(400)).toBe(240);
    expect(defaultSidebarWidth(2560)).toBe(600);
  });
  it('moves 20 px per arrow key within the limits', () => {
    expect(sidebarWidthAfterKey(400, 'ArrowLeft')).toBe(380);
    expect(sidebarWidthAfterKey(400, 'ArrowRight')).toBe(420);
    expect(sidebarWidthAfterKey(250, 'ArrowLeft')).toBe(240);
    expect(sidebarWidthAfterKey(590, 'ArrowRight')).toBe(600);
    expect(sidebarWidthAfterKey(400, 'a')).toBeNull();
    expect(clampSidebarWidth(12)).toBe(240);
  });
});
