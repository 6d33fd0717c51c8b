/**
 * The placement animation as plain data: which cells a board change placed, and
 * how far a placed cell has grown after some milliseconds. The canvas draws what
 * this says; the ticker only runs while something is growing.
 */
import type { BoardState, CellPosition, PlayerIndex } from '../engine';
import { cellFromKey } from './layout';

/** How long a newly placed cell takes to grow to its full square. */
export const PLACEMENT_MS = 180;

/**
 * At most this many cells appear in one change and still animate: a move, or a move
 * and the computer's answer landing in one commit. More is a restored or loaded game,
 * which appears at once.
 */
export const MAX_ANIMATED_CELLS = 2;

/** A cell that has just been placed, and by whom. */
export interface PlacedCell {
  cell: CellPosition;
  player: PlayerIndex;
}

/** Decelerating: fast at first, settling gently (ease-out cubic), `t` clamped to 0..1. */
export function easeOut(t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  return 1 - (1 - clamped) ** 3;
}

/** The eased progress of a placement `elapsedMs` after its first frame: 0 at the start, 1 when done. */
export function placementProgress(elapsedMs: number): number {
  return easeOut(elapsedMs / PLACEMENT_MS);
}

/**
 * The cells `after` gained over `before` when the change was a move (or a move and
 * its answer). An undo, a reset, a new game or a board of another size removes
 * cells or changes the grid: nothing animates then, so no removed cell is drawn.
 */
export function placedCells(before: BoardState | undefined, after: BoardState): PlacedCell[] {
  if (!before || before === after) return [];
  if (before.gridWidth !== after.gridWidth || before.gridHeight !== after.gridHeight) return [];
  const placed: PlacedCell[] = [];
  for (const player of [0, 1] as const) {
    for (const key of before.occupiedCells[player]) {
      if (!after.occupiedCells[player].has(key)) return [];
    }
    for (const key of after.occupiedCells[player]) {
      if (!before.occupiedCells[player].has(key)) placed.push({ cell: cellFromKey(key), player });
    }
  }
  return placed.length <= MAX_ANIMATED_CELLS ? placed : [];
}
