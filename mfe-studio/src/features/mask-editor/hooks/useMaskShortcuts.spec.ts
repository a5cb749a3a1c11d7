import { renderHook } from '@testing-library/react';
import { MaskEditorModel } from '../model/maskEditorModel';
import { shortcutFor, takesSpaceForPanning, useMaskShortcuts } from './useMaskShortcuts';

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

describe('Space to pan', () => {
  let stage: HTMLDivElement;
  let button: HTMLButtonElement;
  let setSpaceDown: jest.Mock;
  let unmount: () => void;

  beforeEach(() => {
    stage = document.createElement('div');
    stage.tabIndex = -1;
    stage.appendChild(document.createElement('canvas'));
    button = document.createElement('button');
    document.body.append(stage, button);
    setSpaceDown = jest.fn();
    ({ unmount } = renderHook(() => useMaskShortcuts(new MaskEditorModel(800, 600), setSpaceDown, { current: stage })));
  });
  afterEach(() => {
    unmount();
    stage.remove();
    button.remove();
  });

  const space = (target: EventTarget) => {
    const event = new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return event;
  };

  it('is taken on the stage and on the body (no page scroll)', () => {
    expect(space(stage).defaultPrevented).toBe(true);
    expect(space(stage.firstChild!).defaultPrevented).toBe(true);
    expect(space(document.body).defaultPrevented).toBe(true);
    expect(setSpaceDown).toHaveBeenCalledTimes(3);
    expect(setSpaceDown).toHaveBeenLastCalledWith(true);
    window.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', code: 'Space' }));
    expect(setSpaceDown).toHaveBeenLastCalledWith(false);
  });

  it('is left to a focused button, which it activates as usual', () => {
    const event = space(button);
    expect(event.defaultPrevented).toBe(false);
    expect(setSpaceDown).not.toHaveBeenCalled();
  });

  it('is left to fields, checkboxes and links too', () => {
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const link = Object.assign(document.createElement('a'), { href: '/docs' });
    const text = document.createElement('textarea');
    document.body.append(checkbox, link, text);
    for (const el of [checkbox, link, text]) expect(space(el).defaultPrevented).toBe(false);
    expect(setSpaceDown).not.toHaveBeenCalled();
    [checkbox, link, text].forEach((el) => el.remove());
  });

  it('decides by target', () => {
    expect(takesSpaceForPanning(document.body, stage)).toBe(true);
    expect(takesSpaceForPanning(stage, stage)).toBe(true);
    expect(takesSpaceForPanning(null, stage)).toBe(true);
    expect(takesSpaceForPanning(button, stage)).toBe(false);
    expect(takesSpaceForPanning(button, null)).toBe(false);
  });
});
