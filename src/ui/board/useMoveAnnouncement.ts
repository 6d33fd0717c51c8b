import { useState } from 'react';
import type { BoardState, CellPosition } from '../../engine';
import { lastMoveLine } from '../score/panelWords';

const DEFAULT_NAMES = ['Player 1', 'Player 2'] as const;

function occupiedCount(board: BoardState): number {
  return board.occupiedCells[0].size + board.occupiedCells[1].size;
}

/**
 * The live region's text: "Alice played c3" (the shown names, chess-style cells) when a move is added. An undo or a
 * reset also changes `lastMove`, but the board then holds fewer cells, and
 * announcing the restored last move as if just played would mislead.
 */
export function useMoveAnnouncement(board: BoardState, lastMove: CellPosition | undefined, names: readonly [string, string] = DEFAULT_NAMES): string {
  const count = occupiedCount(board);
  const key = lastMove ? `${lastMove.gridX}-${lastMove.gridY}` : '';
  const [seen, setSeen] = useState({ key, count });
  const [message, setMessage] = useState('');
  if (seen.key !== key || seen.count !== count) {
    // Adjusting state while rendering when a prop changes (react.dev "You might not need an effect").
    setSeen({ key, count });
    const line = lastMoveLine(board, lastMove, names);
    if (line && count > seen.count) setMessage(line);
    else if (count < seen.count) setMessage('');
  }
  return message;
}
