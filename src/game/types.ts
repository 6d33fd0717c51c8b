/**
 * The single-device game's vocabulary (SPEC §3). State is plain data; every rule
 * is a pure function in this folder.
 */
import type { AiLevel, BoardState, PlayerIndex, Scores, ScoringMechanism } from '../engine';

/** pregame → playing ⇄ waiting (the AI thinks) → over. */
export type Progress = 'pregame' | 'playing' | 'waiting' | 'over';

/** 'ai': a human against the computer; 'user': two humans on one device. */
export type PlayerMode = 'ai' | 'user';

/** Who moves first against the computer. */
export type FirstPlayer = 'human' | 'ai';

/** A square board's side (SPEC §5): the spec's 6, 8 and 10, then the large boards 12, 14 and 16. */
export type BoardSize = '6' | '8' | '10' | '12' | '14' | '16';

/** The spec's sizes (SPEC §5). */
export const SPEC_BOARD_SIZES = ['6', '8', '10'] as const satisfies readonly BoardSize[];

/** Beyond the spec: "Large boards" in the menus. */
export const LARGE_BOARD_SIZES = ['12', '14', '16'] as const satisfies readonly BoardSize[];

/** Every size, the spec's three first. */
export const BOARD_SIZES: readonly BoardSize[] = [...SPEC_BOARD_SIZES, ...LARGE_BOARD_SIZES];

export interface Settings {
  playerMode: PlayerMode; // 'ai' by default
  firstPlayer: FirstPlayer; // 'human' by default
  scoringMechanism: ScoringMechanism; // 'connection' by default
  aiDifficulty: AiLevel; // 'medium' by default; 'expert' is ours, beyond the spec
  boardSize: BoardSize; // '6' by default
  aiDepths: { easy: number; medium: number; hard: number }; // 1, 2, 4 (SPEC §9)
  /** "No mirroring" (mirrorRule.ts): off by default on one device, where nothing is rated. */
  mirrorRule: boolean;
}

/** One entry of the undo history: the position before a move. */
export interface Snapshot {
  boardState: BoardState;
  scores: Scores;
  currentPlayer: PlayerIndex;
  progress: Progress;
}

export interface GameState {
  boardState: BoardState;
  scores: Scores; // index 0 is the first player's
  currentPlayer: PlayerIndex;
  progress: Progress;
  scoreHistory1: bigint[]; // player 0's score after each move, exact, e.g. [1n, 2n, 2n, 6n]
  scoreHistory2: bigint[]; // player 1's score after each move
  scoringMechanism: ScoringMechanism;
  history: Snapshot[]; // the game's first snapshot, then one per move
  gameId: number; // a timestamp: when the game was created
  annotationVisibility: { showText: boolean; showLines: boolean };
  hintUsed: boolean; // a hint was shown during this game: it is not submitted to High Scores
  mirrorRule: boolean; // played under "No mirroring": the engine refuses a move that copies the opponent's cells
}
