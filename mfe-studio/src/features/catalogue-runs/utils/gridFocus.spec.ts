import { nextPosition } from './gridFocus';

describe('nextPosition (the grid keyboard)', () => {
  const at = { row: 1, col: 1 };
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(nextPosition(at, 'ArrowRight', false, 3, 3)).toEqual({ row: 1, col: 2 });
    expect(nextPosition({ row: 1, col: 2 }, 'ArrowRight', false, 3, 3)).toEqual({ row: 1, col: 2 });
    expect(nextPosition(at, 'ArrowUp', false, 3, 3)).toEqual({ row: 0, col: 1 });
    expect(nextPosition({ row: 0, col: 0 }, 'ArrowLeft', false, 3, 3)).toEqual({ row: 0, col: 0 });
  });
  it('jumps with Home/End (Ctrl: the whole grid) and pages', () => {
    expect(nextPosition(at, 'Home', false, 3, 4)).toEqual({ row: 1, col: 0 });
    expect(nextPosition(at, 'End', true, 3, 4)).toEqual({ row: 2, col: 3 });
    expect(nextPosition(at, 'PageDown', false, 20, 4)).toEqual({ row: 6, col: 1 });
    expect(nextPosition(at, 'Enter', false, 3, 3)).toBeNull();
  });
});
