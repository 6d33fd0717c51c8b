/**
 * The rules of a game on one device (SPEC §4 "Game progress", "Moves", "Undo",
 * "Reset"): pure functions from state to state. Scoring is the engine's.
 */
import type { BoardState, CellKey, CellPosition, EngineRules, GameRules, MoveRejection, MoveResult, PlayerIndex, ScoringMechanism } from '../engine';
import { EngineError } from '../engine/errors';
import { boardSide, COMPUTER, HUMAN, startingPlayer } from './settings';
import type { GameState, Progress, Settings, Snapshot } from './types';

/** What the rules need of the engine. */
export type Rules = Pick<EngineRules, 'play'>;

function snapshot(state: GameState): Snapshot {
  const { boardState, scores, currentPlayer, progress } = state;
  return { boardState, scores, currentPlayer, progress };
}

/** A fresh game from the settings: empty board, scores 0 and 0, progress pregame. */
export function createGame(settings: Settings, gameId: number): GameState {
  const side = boardSide(settings.boardSize);
  const state: GameState = {
    boardState: { occupiedCells: [new Set<CellKey>(), new Set<CellKey>()], gridWidth: side, gridHeight: side },
    scores: [0n, 0n],
    currentPlayer: startingPlayer(settings),
    progress: 'pregame',
    scoreHistory1: [],
    scoreHistory2: [],
    scoringMechanism: settings.scoringMechanism,
    history: [],
    gameId,
    annotationVisibility: { showText: true, showLines: true },
    hintUsed: false,
    mirrorRule: settings.mirrorRule,
  };
  return { ...state, history: [snapshot(state)] };
}

export function freeCells(state: GameState): number {
  const { gridWidth, gridHeight, occupiedCells } = state.boardState;
  return gridWidth * gridHeight - occupiedCells[0].size - occupiedCells[1].size;
}

/** Progress can be set freely, except that once over it can only be set to over again. */
export function setProgress(state: GameState, progress: Progress): GameState {
  if (state.progress === 'over' && progress !== 'over') return state;
  return { ...state, progress };
}

/** Closing the game-over dialog sets progress back to playing (SPEC §4). */
export function closeResults(state: GameState): GameState {
  return state.progress === 'over' ? { ...state, progress: 'playing' } : state;
}

/** Why a move was not made: the engine's refusal, not the mover's turn to play, or the engine failing. */
export type PlaceRejection = MoveRejection | 'not-playing' | 'engine-failed';

export type PlaceResult = { ok: true; state: GameState } | { ok: false; reason: PlaceRejection };

/** The engine's move, or 'engine-failed' where the engine gives up on the position: a move never throws. */
export function playMove(
  rules: Rules,
  board: BoardState,
  cell: CellPosition,
  player: PlayerIndex,
  mode: ScoringMechanism,
  gameRules: GameRules = {},
): MoveResult | { ok: false; rejection: 'engine-failed'; message: string } {
  try {
    return rules.play(board, cell, player, mode, gameRules);
  } catch (error) {
    if (error instanceof EngineError) return { ok: false, rejection: 'engine-failed', message: error.message };
    throw error;
  }
}

/**
 * Places the current player's cell: accepted only while playing (or waiting, for
 * the computer's own move); pushes a snapshot (unless `keepHistory` is false),
 * rescores, switches the turn, and ends the game when no free cell remains.
 * The online server passes false: it undoes by replaying its move list, and a
 * history would keep every earlier board of hundreds of games alive.
 */
export function placeCell(state: GameState, cell: CellPosition, rules: Rules, keepHistory = true): PlaceResult {
  if (state.progress !== 'playing' && state.progress !== 'waiting') return { ok: false, reason: 'not-playing' };
  const moved = playMove(rules, state.boardState, cell, state.currentPlayer, state.scoringMechanism, { mirrorRule: state.mirrorRule });
  if (!moved.ok) return { ok: false, reason: moved.rejection };
  const { gridWidth, gridHeight, occupiedCells } = moved.board;
  const over = gridWidth * gridHeight === occupiedCells[0].size + occupiedCells[1].size;
  const settled: GameState = {
    ...state,
    boardState: moved.board,
    scores: moved.scores,
    currentPlayer: state.currentPlayer === 0 ? 1 : 0,
    progress: over ? 'over' : 'playing',
    scoreHistory1: [...state.scoreHistory1, moved.scores[0]],
    scoreHistory2: [...state.scoreHistory2, moved.scores[1]],
  };
  return { ok: true, state: keepHistory ? { ...settled, history: [...state.history, snapshot(settled)] } : settled };
}

/** Whether a local click may place a piece now (SPEC §5). */
export function humanMayPlace(state: GameState, settings: Settings): boolean {
  if (state.progress !== 'playing') return false;
  return settings.playerMode === 'user' || state.currentPlayer === HUMAN;
}

/** Moves that one Undo takes back: the computer's and the human's together on the human's turn. */
function movesToUndo(state: GameState, settings: Settings): number {
  return settings.playerMode === 'ai' && state.currentPlayer === HUMAN ? 2 : 1;
}

/** Undo is available with moves in history while playing or over (and vs AI, on the human's turn). */
export function canUndo(state: GameState, settings: Settings): boolean {
  if (state.progress !== 'playing' && state.progress !== 'over') return false;
  if (settings.playerMode === 'ai' && state.currentPlayer === COMPUTER && state.progress !== 'over') return false;
  return state.history.length > movesToUndo(state, settings);
}

/** Restores the position before the last move (or the last two, against the computer). */
export function undo(state: GameState, settings: Settings): GameState {
  if (!canUndo(state, settings)) return state;
  const count = movesToUndo(state, settings);
  const history = state.history.slice(0, -count);
  const restored = history.at(-1);
  if (!restored) return state;
  return {
    ...state,
    ...restored,
    progress: 'playing',
    history,
    scoreHistory1: state.scoreHistory1.slice(0, -count),
    scoreHistory2: state.scoreHistory2.slice(0, -count),
  };
}

/** A hint was shown: the game stays marked, through undo and reloads, until a new game. */
export function noteHintUsed(state: GameState): GameState {
  return state.hintUsed ? state : { ...state, hintUsed: true };
}

export function toggleAnnotations(state: GameState): GameState {
  const shown = !state.annotationVisibility.showText;
  return { ...state, annotationVisibility: { showText: shown, showLines: shown } };
}

/** The moves of the game so far, in order (for saving and replaying it). */
export function moveList(state: GameState): CellPosition[] {
  const moves: CellPosition[] = [];
  state.history.forEach((entry, i) => {
    const before = state.history[i - 1];
    if (!before) return;
    const mover = before.currentPlayer;
    for (const key of entry.boardState.occupiedCells[mover]) {
      if (!before.boardState.occupiedCells[mover].has(key)) {
        const [x = -1, y = -1] = key.split('-').map(Number);
        moves.push({ gridX: x, gridY: y });
      }
    }
  });
  return moves;
}
