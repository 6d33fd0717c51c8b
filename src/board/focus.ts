/**
 * Keyboard focus over the board (beyond the spec: keyboard play). Arrow keys
 * step one cell, Home/End jump to the row's ends; the focus stays on the grid.
 */
import type { CellPosition } from './types';

const STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Whether a key moves the focus (so the page should not scroll on it). */
export function isFocusKey(key: string): boolean {
  return key in STEPS || key === 'Home' || key === 'End';
}

/** The focus after `key`, clamped to the grid; unchanged for other keys. */
export function moveFocus(focus: CellPosition, key: string, gridWidth: number, gridHeight: number): CellPosition {
  const clamp = (value: number, size: number) => Math.min(size - 1, Math.max(0, value));
  if (key === 'Home') return { gridX: 0, gridY: clamp(focus.gridY, gridHeight) };
  if (key === 'End') return { gridX: gridWidth - 1, gridY: clamp(focus.gridY, gridHeight) };
  const step = STEPS[key];
  if (!step) return focus;
  return { gridX: clamp(focus.gridX + step[0], gridWidth), gridY: clamp(focus.gridY + step[1], gridHeight) };
}

/** Where keyboard focus starts: the centre cell (top-left of the centre four on even sides). */
export function initialFocus(gridWidth: number, gridHeight: number): CellPosition {
  return { gridX: Math.floor((gridWidth - 1) / 2), gridY: Math.floor((gridHeight - 1) / 2) };
}

/** A focus kept valid when the grid shrinks (a new game on a smaller board); the same object when already valid. */
export function clampFocus(focus: CellPosition, gridWidth: number, gridHeight: number): CellPosition {
  const gridX = Math.min(gridWidth - 1, Math.max(0, focus.gridX));
  const gridY = Math.min(gridHeight - 1, Math.max(0, focus.gridY));
  return gridX === focus.gridX && gridY === focus.gridY ? focus : { gridX, gridY };
}
