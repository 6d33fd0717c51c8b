/**
 * The player panel's lines in words: whose turn it is, the last move by name and
 * chess-style cell, and the result once the board is full. Pure, so every line is tested
 * without rendering.
 */
import type { BoardState, CellPosition, PlayerIndex, Scores } from '../../engine';
import { ownerOf } from '../../board/overlay';
import { cellName } from '../../game/notation';
import { headline, humanPlayer } from '../../game/result';
import type { PlayerMode } from '../../game/types';

export interface TurnFacts {
  playerMode: PlayerMode;
  currentPlayer: PlayerIndex;
  names: readonly [string, string];
  /** The computer is choosing its move. */
  thinking: boolean;
  /** Online: the seat of this browser's player, or undefined on one device. */
  you?: PlayerIndex | undefined;
}

/** "Your turn", "Player 2 to move", "The AI is thinking…". */
export function turnLine({ playerMode, currentPlayer, names, thinking, you }: TurnFacts): string {
  if (thinking) return 'The AI is thinking…';
  const yours = you !== undefined ? currentPlayer === you : playerMode === 'ai' && currentPlayer === humanPlayer();
  return yours ? 'Your turn' : `${names[currentPlayer]} to move`;
}

/** "Player 2 played c3"; empty before the first move. */
export function lastMoveLine(board: BoardState, lastMove: CellPosition | undefined, names: readonly [string, string]): string {
  if (!lastMove) return '';
  const player = ownerOf(board, lastMove);
  if (player === null) return '';
  return `${names[player]} played ${cellName(lastMove, board.gridHeight)}`;
}

/** The game-over banner's result: the results dialog's own words (SPEC §2). */
export function resultLine(scores: Scores, playerMode: PlayerMode): string {
  return headline(scores, playerMode).result;
}
