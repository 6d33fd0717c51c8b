/**
 * The post-game review's work: every position of a replayed game analysed by `Analyst`s (each a
 * Web Worker's Thinker in the browser, a worker thread in Node), several positions at once when
 * there are several (pool.ts): the exact solver where it reaches, else Expert. One position per
 * request, so progress shows after each, results land in move order whatever order they finish
 * in, and cancelling (each Thinker ends its worker) stops the work at once: the positions under
 * way reject with AiCancelledError, and so does the review.
 */
import type { AiMove, AiRequest, BoardState, CellKey, CellPosition, EndgameSolution, GameRules, PlayerIndex, ScoringMechanism, SolveRequest } from '../../engine';
import { AiCancelledError } from '../../engine/thinker';
import type { GameRecord } from '../record';
import type { ReplayStep } from '../replay';
import { exactChance, expertChance } from './judgement';
import { runInPool, within } from './pool';

/** What the review needs of the engine: Thinker's two calls, and its cancel where it has one. */
export interface Analyst {
  solve(request: SolveRequest): Promise<EndgameSolution | null>;
  think(request: AiRequest): Promise<AiMove | null>;
  cancel?(): void;
}

/**
 * The budget per position. The solver proves Hard-against-Hard endgames of 16 free cells on 10×10
 * in about half a second in wasm (`npm run bench` prints its reach per board size), so it is tried
 * from 16 down with 0.8 s, and a position it cannot finish goes to Expert, which gets a sixth of
 * its playing second (twice where the best move was not played). A 16×16 game is then about 240
 * positions of Expert and 17 of the solver: about 240 × 0.3 s + 17 × 1.1 s, a minute and a half of
 * one worker, under 25 s on four; a 10×10 game's third of that.
 */
export const REVIEW_BUDGET: ReviewBudget = {
  solveFromFree: 16,
  solveMs: 800,
  thinkMs: 150,
};

/** What one position may take: the solver from this many free cells, with its time, else Expert's time. */
export interface ReviewBudget {
  readonly solveFromFree: number;
  readonly solveMs: number;
  readonly thinkMs: number;
}

/** A review's settings beyond the game: the budget per position and how long to wait for one. */
export interface ReviewOptions {
  budget?: ReviewBudget;
  timeoutMs?: number;
}

/**
 * A position that has not answered in this long is given up as lost, not waited for: its worker
 * has stopped. The longest budget is 1.1 s; a minute leaves room for loading the engine on a
 * busy machine.
 */
export const POSITION_TIMEOUT_MS = 60_000;

/**
 * From this many free cells down the solver values every legal move, not only the best, so the
 * review knows when the mover had no real choice: there it costs no more than the best move
 * alone (about 15 ms at 12 free cells on 10×10; twice the best move's time at 16).
 */
export const CHOICES_FROM_FREE = 12;

interface PositionBase {
  step: number; // the position after this many moves (0 = the empty board)
  mover: PlayerIndex | null; // the player to move; null on a full board
  chance: number; // the expected result (-1 lost .. +1 won) for the mover (Player 1 on a full board)
  best: CellPosition | null; // the engine's move for the mover; null on a full board
  /**
   * Estimated positions only: the mover's expected result after the best move, from Expert's
   * search of that position; null when that position is the next one (the best move was played).
   */
  afterBest: number | null;
  /**
   * The mover had no choice worth judging: only one legal move, or every legal move proven worth
   * the same final margin. Such a move gets no "!" (the review marks it forced). Unknown (absent)
   * where the solver only found the best move.
   */
  forced?: boolean;
}

/** A position solved, or the full board's final scores: its value is exact. */
export interface ExactPosition extends PositionBase {
  exact: true;
  value: bigint; // for the mover: the final score difference with best play; on a full board Player 1's score minus Player 2's
}

/** A position beyond the solver's reach: Expert's estimate. */
export interface EstimatedPosition extends PositionBase {
  exact: false;
  value: number; // Expert's value for the mover (its own scale: judgement.ts)
}

/** One position of the game as the engine sees it. */
export type PositionReview = ExactPosition | EstimatedPosition;

/** The game's moves paired with the player to move in each position: `movers[k]` moves after step k. */
export function moversOf(record: GameRecord, steps: readonly ReplayStep[]): (PlayerIndex | null)[] {
  const area = record.width * record.height;
  return steps.map((step, index) => {
    const next = steps[index + 1];
    if (next) return next.player;
    const occupied = step.board.occupiedCells[0].size + step.board.occupiedCells[1].size;
    if (occupied === area) return null;
    if (step.player === null) return record.firstPlayer;
    return step.player === 0 ? 1 : 0;
  });
}

const other = (player: PlayerIndex): PlayerIndex => (player === 0 ? 1 : 0);
const sameCell = (a: CellPosition | null, b: CellPosition | null) => a !== null && b !== null && a.gridX === b.gridX && a.gridY === b.gridY;

function taking(board: BoardState, cell: CellPosition, player: PlayerIndex): BoardState {
  const cells: [Set<CellKey>, Set<CellKey>] = [new Set(board.occupiedCells[0]), new Set(board.occupiedCells[1])];
  cells[player].add(`${cell.gridX}-${cell.gridY}`);
  return { ...board, occupiedCells: cells };
}

/**
 * One position analysed: exact when the solver finishes within its budget, else Expert's
 * estimate. `played` is the move the game went on with (null after its last move).
 *
 * Expert's value swings with the parity of its search's horizon (the side that moved last there
 * looks better by several cells of room), so the position reached by the best move is searched
 * too, unless the game went there anyway: the played move is judged against it, both searched
 * with the same side to move, and the chart shows the mean of the two values, whose horizons
 * lie one ply apart, so that the swing cancels.
 */
export async function analysePosition(
  analyst: Analyst,
  step: ReplayStep,
  index: number,
  mover: PlayerIndex | null,
  played: CellPosition | null,
  mode: ScoringMechanism,
  budget: ReviewBudget = REVIEW_BUDGET,
  rules: GameRules = {},
): Promise<PositionReview> {
  // A game under "No mirroring" is judged by its own rule: a refused copy is never the best move.
  const mirrorRule = rules.mirrorRule ? { mirrorRule: true } : {};
  const { board, scores } = step;
  if (mover === null) {
    const value: bigint = scores[0] - scores[1];
    return { step: index, mover, exact: true, value, chance: exactChance(value), best: null, afterBest: null };
  }
  const free = board.gridWidth * board.gridHeight - board.occupiedCells[0].size - board.occupiedCells[1].size;
  if (free <= budget.solveFromFree) {
    // The best move alone: the played move's exact value is the next position's, solved next.
    const everyMove = free <= CHOICES_FROM_FREE;
    const solved = await analyst.solve({ board, player: mover, mode, timeMs: budget.solveMs, bestOnly: !everyMove, ...mirrorRule });
    if (solved) {
      const choices = everyMove ? { forced: solved.cells.every(({ value }) => value === solved.value) } : {};
      return { step: index, mover, exact: true, value: solved.value, chance: exactChance(solved.value), best: solved.best, afterBest: null, ...choices };
    }
  }
  // The seed only breaks ties; the step keeps a review of the same game the same where time allows.
  const think = (at: BoardState, player: PlayerIndex) =>
    analyst.think({ board: at, player, level: 'expert', mode, seed: index + 1, timeMs: budget.thinkMs, ...mirrorRule });
  const move = await think(board, mover);
  const value = move?.stats.value ?? 0;
  const best = move?.cell ?? null;
  let afterBest: number | null = null;
  if (best && !sameCell(best, played) && free > 1) {
    const reply = await think(taking(board, best, mover), other(mover));
    afterBest = -expertChance(reply?.stats.value ?? 0);
  }
  // The last free cell is the only move (the solver normally takes it: this is when it could not).
  return { step: index, mover, exact: false, value, chance: expertChance(value), best, afterBest, ...(free === 1 ? { forced: true } : {}) };
}

/** A position's expected result for `player`, whichever side it is for. */
export function chanceFor(position: PositionReview, player: PlayerIndex): number {
  const side = position.mover ?? 0;
  return side === player ? position.chance : 0 - position.chance;
}

/** An exact position's final score difference for `player` (either side), else null. */
export function exactValueFor(position: PositionReview, player: PlayerIndex): bigint | null {
  if (!position.exact) return null;
  const side = position.mover ?? 0; // a full board's value is Player 1's
  return side === player ? position.value : -position.value;
}

/** The mover's expected result after the best move: exact, searched, or the next position's; null until known. */
export function chanceAfterBest(position: PositionReview, next: PositionReview | undefined): number | null {
  if (position.mover === null || position.exact) return position.chance;
  if (position.afterBest !== null) return position.afterBest;
  return next ? chanceFor(next, position.mover) : null;
}

/** The chart's value of a position: Player 1's expected result, the two searches' mean where estimated. */
export function chartChance(position: PositionReview, next: PositionReview | undefined): number | null {
  const after = chanceAfterBest(position, next);
  if (after === null || position.mover === null) return after === null ? null : chanceFor(position, 0);
  const mean = position.exact ? position.chance : (position.chance + after) / 2;
  return position.mover === 0 ? mean : 0 - mean;
}

/** How far the review has come: `done` of `total` positions; `positions[k]` is position k once analysed. */
export interface ReviewProgress {
  done: number;
  total: number;
  positions: readonly (PositionReview | undefined)[];
}

/** A position the engine could not analyse: which one, and why. */
export class ReviewError extends Error {
  constructor(step: number, reason: string) {
    const where = step === 0 ? 'the empty board' : `the position after move ${step}`;
    super(`the engine could not analyse ${where}: ${reason || 'its worker stopped'}.`);
    this.name = 'ReviewError';
  }
}

/**
 * Every position of the game, from the empty board to the last, in order: each analyst takes the
 * next position not yet taken as soon as it is free (so as many run at once as there are
 * analysts); `onProgress` after each. Rejects with AiCancelledError when `signal` aborts (every
 * analyst's search is cancelled) or an analyst's search is cancelled; with a ReviewError, the
 * other analysts cancelled, when one fails or does not answer within `timeoutMs`.
 */
export async function analyseGame(
  record: GameRecord,
  steps: readonly ReplayStep[],
  analysts: Analyst | readonly Analyst[],
  onProgress: (progress: ReviewProgress) => void = () => {},
  signal?: AbortSignal,
  { budget = REVIEW_BUDGET, timeoutMs = POSITION_TIMEOUT_MS }: ReviewOptions = {},
): Promise<PositionReview[]> {
  const pool = Array.isArray(analysts) ? (analysts as readonly Analyst[]) : [analysts as Analyst];
  if (pool.length === 0) throw new Error('a review needs at least one analyst');
  if (signal?.aborted) throw new AiCancelledError();
  const movers = moversOf(record, steps);
  const positions: (PositionReview | undefined)[] = Array.from(steps, () => undefined);
  let done = 0;
  const cancelAll = () => pool.forEach((analyst) => analyst.cancel?.());
  signal?.addEventListener('abort', cancelAll, { once: true });
  try {
    return await runInPool(
      pool,
      steps,
      async (analyst, step, index) => {
        if (signal?.aborted) throw new AiCancelledError();
        const played = steps[index + 1]?.move ?? null;
        const rules = { mirrorRule: record.mirrorRule === true };
        const work = analysePosition(analyst, step, index, movers[index] ?? null, played, record.mode, budget, rules);
        try {
          return await within(work, timeoutMs, 'it gave no answer in time');
        } catch (error) {
          if (error instanceof AiCancelledError) throw error;
          throw new ReviewError(index, error instanceof Error ? error.message : String(error));
        }
      },
      (index, position) => {
        positions[index] = position;
        done++;
        onProgress({ done, total: steps.length, positions: [...positions] });
      },
    );
  } catch (error) {
    // One position failed: the others stop too, their workers ended rather than left searching.
    cancelAll();
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancelAll);
  }
}
