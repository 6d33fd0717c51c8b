/**
 * The engine's vocabulary, in the spec's words (SPEC §3). A board state crosses
 * every boundary in this one shape.
 */

/** A cell's position key, written `x-y` (column first), e.g. `"4-0"`. */
export type CellKey = `${number}-${number}`;

/** Player 0 moves first in a human-first game; the second player is 1. */
export type PlayerIndex = 0 | 1;

export type ScoringMechanism = 'connection' | 'expansion' | 'extension';

export const SCORING_MECHANISMS: readonly ScoringMechanism[] = ['connection', 'expansion', 'extension'];

/** A cell's position on the grid. */
export interface CellPosition {
  gridX: number; // column, 0 at the left
  gridY: number; // row, 0 at the top
}

export interface BoardState {
  occupiedCells: readonly [ReadonlySet<CellKey>, ReadonlySet<CellKey>]; // player 0's, player 1's
  gridWidth: number; // 2..16
  gridHeight: number; // 2..16
}

/**
 * Both scores, player 0 first, exact: a full 16×16 board's score reaches 2^96
 * (SPEC §4's products), far past what a `number` holds exactly.
 */
export type Scores = [bigint, bigint];

export interface ScoreReport {
  scores: Scores; // e.g. [12n, 10n]
  groups: [number[], number[]]; // each player's group values, largest first, e.g. [[4, 3], [5, 2]] (a group is worth at most 960)
}

/** One connected group, for drawing its annotation. */
export interface Group {
  player: PlayerIndex;
  value: number; // the group's value under the scoring mode
  cells: CellPosition[]; // row by row
}

/** The hold-and-drag popup's figures. */
export interface Prediction {
  playerGain: bigint; // the mover's score increase if they take the cell (exact; negative when a merge lowers it)
  opponentGain: bigint; // the largest increase the opponent can then get with one reply
  net: bigint; // playerGain - opponentGain
}

/** Why a move is refused (SPEC §4 "Moves"). */
/** Why a move was refused; 'mirroring': under the mirror rule it would copy the opponent's cells by a symmetry. */
export type MoveRejection = 'off-grid' | 'invalid-player' | 'occupied' | 'mirroring';

/** The rules a game is played under beyond its scoring mode. */
export interface GameRules {
  /** "No mirroring": a move may not leave the mover's cells the image of the opponent's under a symmetry of the board. */
  mirrorRule?: boolean;
}

export type MoveResult =
  | { ok: true; board: BoardState; scores: Scores }
  | { ok: false; rejection: MoveRejection };

export type PredictionResult = { ok: true; prediction: Prediction } | { ok: false; rejection: MoveRejection };

export const MIN_SIDE = 2;
export const MAX_SIDE = 16;

/** Writes a cell position as its key. */
export function cellKey(gridX: number, gridY: number): CellKey {
  return `${gridX}-${gridY}`;
}
