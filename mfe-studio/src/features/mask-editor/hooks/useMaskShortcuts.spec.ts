import { shortcutFor } from './useMaskShortcuts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('mask editor shortcuts', () => {
  it('Ctrl or Cmd with 0, Z, Y', () => {
    expect(shortcutFor(key('0', { ctrlKey: true }))).toBe('resetView');
    expect(shortcutFor(key('0', { metaKey: true }))).toBe('resetView');
    expect(shortcutFor(key('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(key('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(key('y', { ctrlKey: true }))).toBe('redo');
  });
  it('[ ] and Delete without modifiers', () => {
    expect(shortcutFor(key('['))).toBe('smallerBrush');
    expect(shortcutFor(key(']'))).toBe('largerBrush');
    expect(shortcutFor(key('Delete'))).toBe('clear');
    expect(shortcutFor(key('z'))).toBeNull();
    expect(shortcutFor(key('0'))).toBeNull();
  });
});
