import { useState } from 'react';
import type { BoardState, CellPosition } from '../../engine';
import { ownerOf } from '../../board/overlay';

const PLAYER_NAMES = ['Green', 'Blue'] as const;

function occupiedCount(board: BoardState): number {
  return board.occupiedCells[0].size + board.occupiedCells[1].size;
}

/**
 * The live region's text: "Green played 3-4" when a move is added. An undo or a
 * reset also changes `lastMove`, but the board then holds fewer cells, and
 * announcing the restored last move as if just played would mislead.
 */
export function useMoveAnnouncement(board: BoardState, lastMove: CellPosition | undefined): string {
  const count = occupiedCount(board);
  const key = lastMove ? `${lastMove.gridX}-${lastMove.gridY}` : '';
  const [seen, setSeen] = useState({ key, count });
  const [message, setMessage] = useState('');
  if (seen.key !== key || seen.count !== count) {
    // Adjusting state while rendering when a prop changes (react.dev "You might not need an effect").
    setSeen({ key, count });
    const player = lastMove ? ownerOf(board, lastMove) : null;
    if (lastMove && player !== null && count > seen.count) setMessage(`${PLAYER_NAMES[player]} played ${key}`);
    else if (count < seen.count) setMessage('');
  }
  return message;
}
