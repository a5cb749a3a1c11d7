import { useEffect, type RefObject } from 'react';
import type { MaskEditorModel } from '../model/maskEditorModel';

export type MaskShortcut = 'resetView' | 'undo' | 'redo' | 'smallerBrush' | 'largerBrush' | 'clear' | null;

/**
 * Spec §2 shortcuts: Ctrl/Cmd+0 resets the view, Ctrl/Cmd+Z undoes (Shift for redo),
 * Ctrl/Cmd+Y redoes, [ and ] change the brush size, Delete clears the mask.
 */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): MaskShortcut {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && !event.altKey) {
    if (key === '0') return 'resetView';
    if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    return null;
  }
  if (event.altKey) return null;
  if (key === '[') return 'smallerBrush';
  if (key === ']') return 'largerBrush';
  if (key === 'delete') return 'clear';
  return null;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && target.type !== 'range' && target.type !== 'button';
}

/**
 * Space pans only when it would do nothing else: focus on the stage (or nowhere, the body).
 * On a button, link, checkbox or field Space keeps its own meaning (activating, toggling, typing).
 */
export function takesSpaceForPanning(target: EventTarget | null, stage: Element | null): boolean {
  if (!(target instanceof Node)) return true;
  const doc = target.ownerDocument;
  if (target === doc?.body || target === doc?.documentElement || target === doc) return true;
  return stage !== null && stage.contains(target);
}

/** Window-wide while the editor is open; Space is held to pan (see takesSpaceForPanning). */
export function useMaskShortcuts(model: MaskEditorModel, setSpaceDown: (down: boolean) => void, stage: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      if (event.key === ' ' || event.code === 'Space') {
        if (!takesSpaceForPanning(event.target, stage.current)) return;
        event.preventDefault(); // no page scroll
        if (!event.repeat) setSpaceDown(true);
        return;
      }
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      event.preventDefault();
      switch (shortcut) {
        case 'resetView':
          model.resetView();
          break;
        case 'undo':
          model.undo();
          break;
        case 'redo':
          model.redo();
          break;
        case 'smallerBrush':
          model.stepBrushSize(-1);
          break;
        case 'largerBrush':
          model.stepBrushSize(1);
          break;
        case 'clear':
          model.clear();
          break;
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ' || event.code === 'Space') setSpaceDown(false);
    };
    const onBlur = () => setSpaceDown(false);
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, [model, setSpaceDown, stage]);
}
