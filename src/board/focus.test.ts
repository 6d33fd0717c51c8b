import { describe, expect, it } from 'vitest';
import { clampFocus, initialFocus, isFocusKey, moveFocus } from './focus';

const cell = (gridX: number, gridY: number) => ({ gridX, gridY });

describe('moveFocus', () => {
  it('steps one cell per arrow key', () => {
    expect(moveFocus(cell(2, 2), 'ArrowLeft', 6, 6)).toEqual(cell(1, 2));
    expect(moveFocus(cell(2, 2), 'ArrowRight', 6, 6)).toEqual(cell(3, 2));
    expect(moveFocus(cell(2, 2), 'ArrowUp', 6, 6)).toEqual(cell(2, 1));
    expect(moveFocus(cell(2, 2), 'ArrowDown', 6, 6)).toEqual(cell(2, 3));
  });

  it('stays on the grid at every edge', () => {
    expect(moveFocus(cell(0, 3), 'ArrowLeft', 6, 6)).toEqual(cell(0, 3));
    expect(moveFocus(cell(5, 3), 'ArrowRight', 6, 6)).toEqual(cell(5, 3));
    expect(moveFocus(cell(3, 0), 'ArrowUp', 6, 6)).toEqual(cell(3, 0));
    expect(moveFocus(cell(3, 7), 'ArrowDown', 6, 8)).toEqual(cell(3, 7));
  });

  it('jumps to the row ends with Home and End', () => {
    expect(moveFocus(cell(3, 4), 'Home', 8, 8)).toEqual(cell(0, 4));
    expect(moveFocus(cell(3, 4), 'End', 8, 8)).toEqual(cell(7, 4));
  });

  it('ignores other keys', () => {
    const focus = cell(1, 1);
    expect(moveFocus(focus, 'a', 6, 6)).toBe(focus);
    expect(isFocusKey('Enter')).toBe(false);
    expect(isFocusKey('ArrowUp')).toBe(true);
  });
});

describe('initialFocus and clampFocus', () => {
  it('starts near the centre', () => {
    expect(initialFocus(6, 6)).toEqual(cell(2, 2));
    expect(initialFocus(7, 5)).toEqual(cell(3, 2));
  });

  it('pulls a focus back onto a smaller grid', () => {
    expect(clampFocus(cell(9, 7), 6, 6)).toEqual(cell(5, 5));
    const inside = cell(1, 1);
    expect(clampFocus(inside, 6, 6)).toBe(inside);
  });
});
