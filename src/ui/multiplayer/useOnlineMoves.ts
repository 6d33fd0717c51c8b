/**
 * Issue 15: an online game's moves in order, kept as the server's states arrive (it sends the
 * board and the last move, not the list), for the game's record. See game/onlineMoves.ts.
 */
import { useState } from 'react';
import type { BoardState, CellPosition } from '../../engine';
import { followMoves } from '../../game/onlineMoves';

export function useOnlineMoves(board: BoardState, lastMove: CellPosition | undefined): CellPosition[] {
  const [kept, setKept] = useState(() => ({ board, moves: followMoves([], board, lastMove ?? null) }));
  if (kept.board === board) return kept.moves;
  // A new state from the server: follow it during render (React's derived-state pattern).
  const moves = followMoves(kept.moves, board, lastMove ?? null);
  setKept({ board, moves });
  return moves;
}
