/**
 * Desktop hover feedback: a mouse over a free cell on the player's turn shows a pointer and a
 * faint ghost of the mover's colour there, so a player sees where a click would play. Touch and
 * pen show none: a finger hovers nowhere, and a hold already means the prediction popup.
 */
import type { BoardState, CellPosition } from '../engine';
import { ownerOf } from './overlay';

export interface HoverContext {
  board: BoardState;
  interactive: boolean; // the player's turn, and the page takes moves
  pointerType: string; // the PointerEvent's: 'mouse', 'touch' or 'pen'
  dragging: boolean; // a hold-drag shows its own ghost and popup instead
  /** Whether the rules let the mover take a free cell ("No mirroring" refuses some); every free cell when absent. */
  playable?: (cell: CellPosition) => boolean;
}

/** The cell that shows the hover ghost, or null: only a free cell the mouse could take now. */
export function hoverCell(cell: CellPosition | null, { board, interactive, pointerType, dragging, playable }: HoverContext): CellPosition | null {
  if (!cell || !interactive || dragging || pointerType !== 'mouse') return null;
  const inside = cell.gridX >= 0 && cell.gridY >= 0 && cell.gridX < board.gridWidth && cell.gridY < board.gridHeight;
  // A cell the rules refuse gets no ghost: a click there would only be told "No mirroring".
  return inside && ownerOf(board, cell) === null && (playable?.(cell) ?? true) ? cell : null;
}

/** The hover ghost's opacity: fainter than a hint's ghost (0.45), which names a move to play. */
export const HOVER_ALPHA = 0.2;
