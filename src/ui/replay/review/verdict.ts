/**
 * The review's sentences for one step of the replay: the verdict on the position (exact where
 * the solver proved it, said for the player to move), the engine's best move, and what the move
 * that led here was worth. Pure, so the words are tested without a page.
 */
import type { PlayerIndex } from '../../../engine';
import { cellName } from '../../../game/notation';
import { scoreDigits } from '../../score/format';
import { chanceFor, type PositionReview } from '../../../game/review/analyse';
import { markInWords, type MoveMark } from '../../../game/review/judgement';
import type { MoveReview } from '../../../game/review/moves';

/** A margin's size, every digit: a proven result is never rounded. */
const marginDigits = (margin: bigint) => scoreDigits(margin < 0n ? -margin : margin);

/** "Player 2 to move: won with best play, by 14." — or the final result, or Expert's estimate. */
export function verdictInWords(position: PositionReview, chartChance: number | null, names: readonly [string, string]): string {
  if (position.mover === null && position.exact) {
    if (position.value === 0n) return 'Game over: a draw.';
    return `Game over: ${names[position.value > 0n ? 0 : 1]} won by ${marginDigits(position.value)}.`;
  }
  if (position.mover === null) return 'Game over.';
  const who = `${names[position.mover]} to move`;
  if (position.exact) {
    const margin = marginDigits(position.value);
    if (position.value > 0n) return `${who}: won with best play, by ${margin} (exact).`;
    if (position.value < 0n) return `${who}: lost with best play, by ${margin} (exact).`;
    return `${who}: drawn with best play (exact).`;
  }
  const chance = chartChance === null ? chanceFor(position, position.mover) : position.mover === 0 ? chartChance : 0 - chartChance;
  return `${who}: beyond the solver's reach; Expert's estimate: ${estimateInWords(chance)}.`;
}

/** An estimated expected result for the player to move, in words. */
export function estimateInWords(chance: number): string {
  const size = Math.abs(chance);
  if (size < 0.1) return 'about even';
  const side = chance > 0 ? 'better' : 'worse';
  if (size < 0.3) return `slightly ${side}`;
  if (size < 0.7) return side;
  return chance > 0 ? 'winning' : 'losing';
}

/** "Best: c4 (Player 2 to move)". */
export function bestInWords(position: PositionReview, height: number, names: readonly [string, string]): string | null {
  if (!position.best || position.mover === null) return null;
  return `Best: ${cellName(position.best, height)} (${names[position.mover]} to move)`;
}

/** "Move 5, Player 1, d3: mistake (?); best was c4." */
export function moveInWords(move: MoveReview, height: number, names: readonly [string, string]): string {
  const head = `Move ${move.move}, ${names[move.player]}, ${cellName(move.cell, height)}: ${markInWords(move.mark)}`;
  if (move.mark === 'best' || move.mark === 'forced' || !move.best) return `${head}.`;
  const lost = move.exactLoss !== null && move.exactLoss > 0n ? `, ${scoreDigits(move.exactLoss)} points of the final margin lost` : '';
  return `${head}; best was ${cellName(move.best, height)}${lost}.`;
}

/** Each player's count of the bad marks, as lichess sums up a game. */
export function markCounts(moves: readonly (MoveReview | null)[], player: PlayerIndex): Record<Exclude<MoveMark, 'best' | 'good' | 'forced'>, number> {
  const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const move of moves) {
    if (move && move.player === player && move.mark !== 'best' && move.mark !== 'good' && move.mark !== 'forced') counts[move.mark]++;
  }
  return counts;
}
