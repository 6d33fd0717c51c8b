/**
 * Game records (record.ts) to and from games: the record of a game on one device or online, and
 * a record replayed through the engine into one position per move, for the replay page.
 */
import type { BoardState, CellKey, CellPosition, EngineRules, PlayerIndex, Scores } from '../engine';
import { freeCells, moveList, playMove } from './game';
import { cellName } from './notation';
import { resultOfScores, type GameRecord, type RecordResult } from './record';
import type { GameState } from './types';

/** One position of a replay: the board after `move` (none for the empty board), and both scores. */
export interface ReplayStep {
  board: BoardState;
  scores: Scores;
  move: CellPosition | null; // the move that made this position; null at the start
  player: PlayerIndex | null; // who made it
}

export type Replayed = { ok: true; steps: ReplayStep[] } | { ok: false; error: string };

const other = (player: PlayerIndex): PlayerIndex => (player === 0 ? 1 : 0);

/**
 * Every position of the game, from the empty board to the last move, scored by the engine.
 * A full board's result must be what its scores say (a record claiming otherwise is refused).
 */
export function replayRecord(record: GameRecord, rules: Pick<EngineRules, 'play'>): Replayed {
  const empty: BoardState = { occupiedCells: [new Set<CellKey>(), new Set<CellKey>()], gridWidth: record.width, gridHeight: record.height };
  const steps: ReplayStep[] = [{ board: empty, scores: [0n, 0n], move: null, player: null }];
  let player = record.firstPlayer;
  for (const [index, move] of record.moves.entries()) {
    const before = steps[steps.length - 1]!;
    const played = playMove(rules, before.board, move, player, record.mode, { mirrorRule: record.mirrorRule === true });
    if (!played.ok) {
      const name = `Move ${index + 1}, ${cellName(move, record.height)}`;
      if (played.rejection === 'mirroring') {
        return { ok: false, error: `${name}, breaks No mirroring: it copies the other player's cells by a turn or flip of the board.` };
      }
      const why = 'message' in played ? played.message : played.rejection;
      return { ok: false, error: `${name}, cannot be played (${why}).` };
    }
    steps.push({ board: played.board, scores: played.scores, move, player });
    player = other(player);
  }
  const final = steps[steps.length - 1]!;
  const full = final.board.occupiedCells[0].size + final.board.occupiedCells[1].size === record.width * record.height;
  if (full) {
    const expected = resultOfScores(final.scores);
    if (record.result !== expected) {
      return { ok: false, error: `The record says ${record.result}, but its full board scores ${final.scores[0]} to ${final.scores[1]}: ${expected}.` };
    }
  }
  return { ok: true, steps };
}

/** The record of a game on one device (against the computer or two players). */
export function recordOfGame(game: GameState): GameRecord {
  const { gridWidth, gridHeight } = game.boardState;
  const finished = freeCells(game) === 0;
  return {
    width: gridWidth,
    height: gridHeight,
    mode: game.scoringMechanism,
    firstPlayer: game.history[0]?.currentPlayer ?? 0,
    moves: moveList(game),
    result: finished ? resultOfScores(game.scores) : '*',
    ...(game.mirrorRule ? { mirrorRule: true } : {}),
  };
}

/** What a record of an online game needs of the server's game state (GameStateView). */
export interface OnlineGameSummary {
  board: BoardState;
  mode: GameRecord['mode'];
  scores: Scores;
  over: boolean;
  /** The server's winner, when it said: a seat, 'draw', or null (an aborted game). */
  winner?: PlayerIndex | 'draw' | null | undefined;
  /** The room played under "No mirroring": the record says nomirror. */
  mirrorRule?: boolean | undefined;
}

/** The record of an online game (Player 1 moves first), from the moves kept as they arrived. */
export function recordOfOnlineGame(moves: readonly CellPosition[], game: OnlineGameSummary): GameRecord {
  const full = game.board.occupiedCells[0].size + game.board.occupiedCells[1].size === game.board.gridWidth * game.board.gridHeight;
  return {
    width: game.board.gridWidth,
    height: game.board.gridHeight,
    mode: game.mode,
    firstPlayer: 0,
    moves: [...moves],
    result: full ? resultOfScores(game.scores) : onlineResult(game),
    ...(game.mirrorRule ? { mirrorRule: true } : {}),
  };
}

/** A game ended before the board was full: the server's winner (forfeit, time, claim), else unfinished. */
function onlineResult(game: OnlineGameSummary): RecordResult {
  if (!game.over) return '*';
  if (game.winner === 0) return '1-0';
  if (game.winner === 1) return '0-1';
  if (game.winner === 'draw') return '1/2-1/2';
  return '*';
}
