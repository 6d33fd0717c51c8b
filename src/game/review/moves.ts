/**
 * Each move of a reviewed game judged: what it kept of the mover's expected
 * result against the engine's best move in the same position, judged by the position it left, as
 * lichess does. Where both positions were solved the judgement is exact: the position before is
 * worth the best move's final score difference, the one after the played move's, both whole
 * numbers compared as they are (a 16×16 score passes 2^64: nothing is rounded).
 */
import type { CellPosition, PlayerIndex } from '../../engine';
import type { ReplayStep } from '../replay';
import { chanceAfterBest, chanceFor, exactValueFor, type PositionReview } from './analyse';
import { exactChance, markOf, type MoveMark } from './judgement';

export interface MoveReview {
  move: number; // 1 = the first move
  player: PlayerIndex;
  cell: CellPosition; // the move played
  mark: MoveMark;
  best: CellPosition | null; // the engine's move in the position before
  chanceLost: number; // expected result the move gave away (-1..+1 scale, never below 0)
  exactLoss: bigint | null; // the final score difference it gave away, where solved (never below 0)
}

const sameCell = (a: CellPosition | null, b: CellPosition | null) => a !== null && b !== null && a.gridX === b.gridX && a.gridY === b.gridY;

/**
 * One move judged, or null until the positions it needs are analysed: the mover's expected
 * result after the engine's best move against after the move played.
 */
export function judgeMove(step: ReplayStep, number: number, before: PositionReview | undefined, after: PositionReview | undefined): MoveReview | null {
  const { move: cell, player } = step;
  if (!cell || player === null || !before || !after || before.mover !== player) return null;
  const chanceBefore = chanceAfterBest(before, after) ?? 0;
  const chanceAfter = chanceFor(after, player);
  const chanceLost = Math.max(0, chanceBefore - chanceAfter);
  // No choice, nothing to judge: a "!" on the last free cell would praise nothing.
  if (before.forced) return { move: number, player, cell, best: before.best, mark: 'forced', chanceLost: 0, exactLoss: before.exact ? 0n : null };
  const [bestValue, playedValue] = [exactValueFor(before, player), exactValueFor(after, player)];
  if (bestValue !== null && playedValue !== null) {
    const exactLoss = bestValue > playedValue ? bestValue - playedValue : 0n;
    const mark = markOf(exactChance(bestValue), exactChance(playedValue), exactLoss === 0n);
    return { move: number, player, cell, best: before.best, mark, chanceLost, exactLoss };
  }
  const mark = markOf(chanceBefore, chanceAfter, sameCell(cell, before.best));
  return { move: number, player, cell, best: before.best, mark, chanceLost, exactLoss: null };
}

/** Every move judged so far: `moves[k - 1]` is move k, null until its positions are analysed. */
export function judgeMoves(steps: readonly ReplayStep[], positions: readonly (PositionReview | undefined)[]): (MoveReview | null)[] {
  return steps.slice(1).map((step, index) => judgeMove(step, index + 1, positions[index], positions[index + 1]));
}
