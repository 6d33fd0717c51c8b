/**
 * The post-game review's work (issue 15, item 3): every position of a replayed game analysed,
 * one at a time, by an `Analyst` (the Web Worker's Thinker in the browser, a worker thread in
 * Node): the exact solver where it reaches, else Expert. One position per request, so progress
 * shows after each and cancelling (the Thinker ends its worker) stops the work at once: the
 * position under way rejects with AiCancelledError, and so does the review.
 */
import type { AiMove, AiRequest, BoardState, CellKey, CellPosition, EndgameSolution, PlayerIndex, ScoringMechanism, SolveRequest } from '../../engine';
import { AiCancelledError } from '../../engine/thinker';
import type { GameRecord } from '../record';
import type { ReplayStep } from '../replay';
import { exactChance, expertChance } from './judgement';

/** What the review needs of the engine: Thinker's two calls. */
export interface Analyst {
  solve(request: SolveRequest): Promise<EndgameSolution | null>;
  think(request: AiRequest): Promise<AiMove | null>;
}

/**
 * The budget per position. The solver proves Hard-against-Hard endgames of 16 free cells on 10×10
 * in about half a second in wasm (`npm run bench` prints its reach per board size), so it is tried
 * from 16 down with 0.8 s, and a position it cannot finish goes to Expert, which gets a sixth of
 * its playing second. A 10×10 game is then about 84 positions of Expert and 16 of the solver: about
 * 84 × 0.25 s + a few failed tries of 0.8 s + the proofs, half a minute at most.
 */
export const REVIEW_BUDGET = {
  solveFromFree: 16,
  solveMs: 800,
  thinkMs: 150,
} as const;

/** One position of the game as the engine sees it. */
export interface PositionReview {
  step: number; // the position after this many moves (0 = the empty board)
  mover: PlayerIndex | null; // the player to move; null on a full board
  exact: boolean; // solved (or the full board's final scores) rather than estimated
  value: number; // for the mover: the exact final score difference, else Expert's value; on a full board Player 1's score minus Player 2's
  chance: number; // the expected result (-1 lost .. +1 won) for the mover (Player 1 on a full board)
  best: CellPosition | null; // the engine's move for the mover; null on a full board
  /**
   * Estimated positions only: the mover's expected result after the best move, from Expert's
   * search of that position; null when that position is the next one (the best move was played).
   */
  afterBest: number | null;
}

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
): Promise<PositionReview> {
  const { board, scores } = step;
  if (mover === null) {
    const value = scores[0] - scores[1];
    return { step: index, mover, exact: true, value, chance: exactChance(value), best: null, afterBest: null };
  }
  const free = board.gridWidth * board.gridHeight - board.occupiedCells[0].size - board.occupiedCells[1].size;
  if (free <= REVIEW_BUDGET.solveFromFree) {
    // The best move alone: the played move's exact value is the next position's, solved next.
    const solved = await analyst.solve({ board, player: mover, mode, timeMs: REVIEW_BUDGET.solveMs, bestOnly: true });
    if (solved) return { step: index, mover, exact: true, value: solved.value, chance: exactChance(solved.value), best: solved.best, afterBest: null };
  }
  // The seed only breaks ties; the step keeps a review of the same game the same where time allows.
  const think = (at: BoardState, player: PlayerIndex) =>
    analyst.think({ board: at, player, level: 'expert', mode, seed: index + 1, timeMs: REVIEW_BUDGET.thinkMs });
  const move = await think(board, mover);
  const value = move?.stats.value ?? 0;
  const best = move?.cell ?? null;
  let afterBest: number | null = null;
  if (best && !sameCell(best, played) && free > 1) {
    const reply = await think(taking(board, best, mover), other(mover));
    afterBest = -expertChance(reply?.stats.value ?? 0);
  }
  return { step: index, mover, exact: false, value, chance: expertChance(value), best, afterBest };
}

/** A position's expected result for `player`, whichever side it is for. */
export function chanceFor(position: PositionReview, player: PlayerIndex): number {
  const side = position.mover ?? 0;
  return side === player ? position.chance : 0 - position.chance;
}

/** An exact position's final score difference for `player` (either side), else null. */
export function exactValueFor(position: PositionReview, player: PlayerIndex): number | null {
  if (!position.exact) return null;
  const side = position.mover ?? 0; // a full board's value is Player 1's
  return side === player ? position.value : 0 - position.value;
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

/** How far the review has come: `done` of `total` positions, those analysed so far in order. */
export interface ReviewProgress {
  done: number;
  total: number;
  positions: readonly PositionReview[];
}

/**
 * Every position of the game, from the empty board to the last, in order; `onProgress` after each.
 * Rejects with the Analyst's error: AiCancelledError when the Analyst's search is cancelled, or
 * `signal` aborted between two positions.
 */
export async function analyseGame(
  record: GameRecord,
  steps: readonly ReplayStep[],
  analyst: Analyst,
  onProgress: (progress: ReviewProgress) => void = () => {},
  signal?: AbortSignal,
): Promise<PositionReview[]> {
  const movers = moversOf(record, steps);
  const positions: PositionReview[] = [];
  for (const [index, step] of steps.entries()) {
    if (signal?.aborted) throw new AiCancelledError();
    const played = steps[index + 1]?.move ?? null;
    positions.push(await analysePosition(analyst, step, index, movers[index] ?? null, played, record.mode));
    onProgress({ done: positions.length, total: steps.length, positions: [...positions] });
  }
  return positions;
}
