import { ActionHistory } from './history';

describe('ActionHistory', () => {
  it('keeps at most 20 undo steps and hands the oldest to the base', () => {
    const evicted: number[] = [];
    const history = new ActionHistory<number>((n) => evicted.push(n));
    for (let i = 1; i <= 25; i += 1) history.record(i);
    expect(history.undoDepth).toBe(20);
    expect(evicted).toEqual([1, 2, 3, 4, 5]);
    let undone = 0;
    while (history.undo() !== undefined) undone += 1;
    expect(undone).toBe(20);
    expect(history.redoDepth).toBe(20);
  });

  it('a new action clears redo', () => {
    const history = new ActionHistory<string>();
    history.record('a');
    history.record('b');
    expect(history.undo()).toBe('b');
    expect(history.canRedo).toBe(true);
    history.record('c');
    expect(history.canRedo).toBe(false);
    expect(history.applied).toEqual(['a', 'c']);
  });

  it('redo re-applies in order', () => {
    const history = new ActionHistory<string>();
    ['a', 'b', 'c'].forEach((s) => history.record(s));
    history.undo();
    history.undo();
    expect(history.redo()).toBe('b');
    expect(history.redo()).toBe('c');
    expect(history.redo()).toBeUndefined();
    expect(history.applied).toEqual(['a', 'b', 'c']);
  });
});
