/**
 * The computer opponent's vocabulary (SPEC §4, §7, §9).
 */
import type { BoardState, CellPosition, PlayerIndex, Prediction, ScoringMechanism } from './types';

/** The spec's three levels, and Expert beyond them. Hardest last. */
export type AiLevel = 'easy' | 'medium' | 'hard' | 'expert';

export const AI_LEVELS: readonly AiLevel[] = ['easy', 'medium', 'hard', 'expert'];

/**
 * A seat in `npm run arena`: a level, Expert with its classic evaluation (the log
 * score ratio and room, before it learned; the arena only), or a player who takes a
 * free cell at random.
 */
export type ArenaPlayer = AiLevel | 'expert-classic' | 'random';

export const ARENA_PLAYERS: readonly ArenaPlayer[] = [...AI_LEVELS, 'expert-classic', 'random'];

/** Expert's default thinking time per move. */
export const DEFAULT_EXPERT_TIME_MS = 1000;

export interface AiRequest {
  board: BoardState;
  player: PlayerIndex; // the side the computer plays; either may be the AI
  level: AiLevel;
  mode: ScoringMechanism;
  seed: number; // 0..2^32-1: the same seed on the same board gives the same move
  timeMs?: number; // Expert's time budget (default 1000); other levels ignore it
  nodeLimit?: number; // Expert's node budget, for reproducible matches (default: none)
  mirrorRule?: boolean; // "No mirroring": every level keeps to it
}

export interface AiSearchStats {
  depth: number; // plies searched to completion (0 for levels that do not search)
  nodes: number; // positions visited
  elapsedMs: number;
  nodesPerSecond: number;
  value: number; // the search's value of the position for the mover (level-specific scale)
  principalVariation: CellPosition[]; // the expected line, the chosen move first
}

export interface AiMove {
  cell: CellPosition;
  stats: AiSearchStats;
}

/** One free cell as the AI server's /evaluate reports it. */
export interface CellEvaluation {
  cell: CellPosition;
  prediction: Prediction; // player gain, opponent gain, net (as the hold-and-drag popup)
  value: number; // the spec's minimax evaluation for the mover after taking the cell
}

/** Expert's learned evaluation of a position, for the player to move. */
export interface LearnedValue {
  logOdds: number; // the log-odds that the player to move wins (a draw counts half)
  units: number; // the same in the net's integer units, exactly as native and wasm compute it
}

/** Time the exact endgame solver may take when the caller sets none. */
export const DEFAULT_SOLVE_TIME_MS = 1000;

export interface SolveRequest {
  board: BoardState;
  player: PlayerIndex; // the player to move
  mode: ScoringMechanism;
  timeMs?: number; // the solver's time budget (default 1000)
  nodeLimit?: number; // its node budget (default: none)
  bestOnly?: boolean; // only the best move and the value (the post-game review's): `cells` comes back empty, and far sooner
  mirrorRule?: boolean; // "No mirroring": the moves it refuses are never searched nor valued
}

/** A position solved exactly: the final score difference with best play from both sides. */
export interface EndgameSolution {
  best: CellPosition; // a move that keeps `value`
  value: bigint; // the mover's final score minus the opponent's, exact, with best play (> 0 won, 0 drawn, < 0 lost)
  cells: { cell: CellPosition; value: bigint }[]; // every legal cell: the mover's final difference after taking it (none when bestOnly)
  nodes: number; // positions searched
}
