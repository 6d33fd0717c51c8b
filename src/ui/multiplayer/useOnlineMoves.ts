/**
 * An online game's moves in order, kept as the server's states arrive (it sends the
 * board and the last move, not the list), for the game's record. The tab keeps them too
 * (sessionStorage, per room), so a reload mid-game keeps the true order; whatever is read back
 * is only a candidate that followMoves checks against the server's board (game/onlineMoves.ts).
 */
import { useEffect, useState } from 'react';
import type { BoardState, CellPosition } from '../../engine';
import { followMoves } from '../../game/onlineMoves';
import { parseStored } from '../../game/saved';

const storageKey = (room: string) => `cellconnection.onlineMoves.${room}`;

/** The moves this tab kept for the room, or none: anything unreadable is no moves at all. */
function keptMoves(room: string | undefined): CellPosition[] {
  if (!room) return [];
  let stored: unknown;
  try {
    stored = parseStored(sessionStorage.getItem(storageKey(room)));
  } catch {
    return []; // storage refused (private modes, settings)
  }
  if (!Array.isArray(stored)) return [];
  const moves: CellPosition[] = [];
  for (const item of stored as unknown[]) {
    const { gridX, gridY } = (item ?? {}) as Record<string, unknown>;
    if (!Number.isInteger(gridX) || !Number.isInteger(gridY)) return [];
    moves.push({ gridX: gridX as number, gridY: gridY as number });
  }
  return moves;
}

export function useOnlineMoves(board: BoardState, lastMove: CellPosition | undefined, room?: string): CellPosition[] {
  const [kept, setKept] = useState(() => ({ board, moves: followMoves(keptMoves(room), board, lastMove ?? null) }));
  const moves = kept.board === board ? kept.moves : followMoves(kept.moves, board, lastMove ?? null);
  // A new state from the server: follow it during render (React's derived-state pattern).
  if (kept.board !== board) setKept({ board, moves });
  useEffect(() => {
    if (!room) return;
    try {
      sessionStorage.setItem(storageKey(room), JSON.stringify(moves));
    } catch {
      // A full or blocked storage only costs the true order after a reload.
    }
  }, [room, moves]);
  return moves;
}
