/**
 * A position of the analysis board: the board and both scores after a line of moves from the
 * empty board, played through the engine under the game's rules (the mirror rule where the game
 * had it), and the player to move.
 */
import type { BoardState, CellPosition, EngineRules, PlayerIndex, Scores } from '../../engine';
import { playMove } from '../game';
import { MIRRORING_REFUSED } from '../mirrorRule';
import { cellName } from '../notation';
import type { GameRecord } from '../record';
import { emptyBoard, moverAt } from './link';

export interface AnalysisPosition {
  board: BoardState;
  scores: Scores;
  mover: PlayerIndex | null; // null on a full board
  lastMove: CellPosition | null;
}

export type GameMeta = Pick<GameRecord, 'width' | 'height' | 'mode' | 'firstPlayer' | 'mirrorRule'>;

/** The position after `moves`, or why a move of them cannot be played. */
export function positionAfter(game: GameMeta, moves: readonly CellPosition[], rules: Pick<EngineRules, 'play'>): { ok: true; position: AnalysisPosition } | { ok: false; error: string } {
  let board = emptyBoard(game.width, game.height);
  let scores: Scores = [0n, 0n];
  for (const [index, move] of moves.entries()) {
    const refused = tryMove(game, board, move, moverAt(game.firstPlayer, index), rules);
    if (!refused.ok) return { ok: false, error: `Move ${index + 1}, ${cellName(move, game.height)}: ${refused.error}` };
    board = refused.board;
    scores = refused.scores;
  }
  const full = board.occupiedCells[0].size + board.occupiedCells[1].size === game.width * game.height;
  return { ok: true, position: { board, scores, mover: full ? null : moverAt(game.firstPlayer, moves.length), lastMove: moves.at(-1) ?? null } };
}

/** One move tried on the board: the new board and scores, or the rule that refuses it in words. */
export function tryMove(
  game: GameMeta,
  board: BoardState,
  cell: CellPosition,
  player: PlayerIndex,
  rules: Pick<EngineRules, 'play'>,
): { ok: true; board: BoardState; scores: Scores } | { ok: false; error: string } {
  const played = playMove(rules, board, cell, player, game.mode, { mirrorRule: game.mirrorRule === true });
  if (played.ok) return played;
  if (played.rejection === 'mirroring') return { ok: false, error: MIRRORING_REFUSED };
  if (played.rejection === 'occupied') return { ok: false, error: 'That cell is taken.' };
  return { ok: false, error: 'message' in played ? played.message : `That move cannot be played (${played.rejection}).` };
}
