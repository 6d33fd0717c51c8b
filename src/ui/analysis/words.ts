/**
 * The analysis board's numbers and sentences, all from Player 1's side as lichess shows White's:
 * the evaluation bar's share, each top move's value (one decimal for Expert's estimates, every
 * digit for a proven margin), and the verdict ("Proven: Player 2 wins by 12"). Pure, so the
 * words are tested without a page.
 */
import type { PlayerIndex, Scores } from '../../engine';
import type { AnalysisUpdate, Candidate } from '../../game/analysis/search';
import { EXPERT_DECIDED, expertChance } from '../../game/review/judgement';
import { scoreDigits } from '../score/format';

export const NAMES: [string, string] = ['Player 1', 'Player 2'];

/**
 * Expert's value (for the player to move) as the expected result, -1 lost .. +1 won: the one
 * mapping the review's chart uses too (a logistic, tanh(value / 2)), so a change of Expert's
 * scale is made in one place.
 */
export function expectedResult(value: number): number {
  return expertChance(value);
}

const other = (player: PlayerIndex): PlayerIndex => (player === 0 ? 1 : 0);
const digits = (margin: bigint) => scoreDigits(margin < 0n ? -margin : margin);

/** A candidate's value for Player 1 (`mover` plays it): a number on Expert's scale, or an exact margin. */
function forPlayer1(candidate: Candidate, mover: PlayerIndex): Candidate {
  if (mover === 0) return candidate;
  if (candidate.exact) return { ...candidate, value: -candidate.value };
  return { ...candidate, value: -candidate.value };
}

/** "+0.8", "−1.3", "0.0"; "+12" for a proven margin; a decided estimate names the winner. All for Player 1. */
export function valueText(candidate: Candidate, mover: PlayerIndex, names: readonly [string, string] = NAMES): string {
  const value = forPlayer1(candidate, mover);
  if (value.exact) return value.value === 0n ? '0' : `${value.value > 0n ? '+' : '−'}${digits(value.value)}`;
  if (Math.abs(value.value) >= EXPERT_DECIDED) return `${names[value.value > 0 ? 0 : 1]} wins`;
  const shown = Math.round(value.value * 10) / 10;
  if (shown === 0) return '0.0';
  return `${shown > 0 ? '+' : '−'}${Math.abs(shown).toFixed(1)}`;
}

/** Player 1's share of the evaluation bar, 0 (Player 2 wins) .. 1 (Player 1 wins); ½ until known. */
export function barShare(update: AnalysisUpdate | null, mover: PlayerIndex | null, finalScores?: Scores): number {
  if (mover === null) {
    if (!finalScores) return 0.5;
    return finalScores[0] > finalScores[1] ? 1 : finalScores[0] < finalScores[1] ? 0 : 0.5;
  }
  const best = update?.top[0];
  if (!best) return 0.5;
  const chance = best.exact ? Math.sign(Number(best.value)) : expectedResult(best.value);
  const forP1 = mover === 0 ? chance : -chance;
  return (forP1 + 1) / 2;
}

/** The position's verdict: the game over, proven with its margin, or Expert's estimate for Player 1. */
export function verdictText(update: AnalysisUpdate | null, mover: PlayerIndex | null, finalScores: Scores, names: readonly [string, string] = NAMES): string {
  if (mover === null) {
    const [first, second] = finalScores;
    if (first === second) return 'Game over: a draw.';
    return `Game over: ${names[first > second ? 0 : 1]} won by ${digits(first - second)}.`;
  }
  const best = update?.top[0];
  if (!best) return 'The engine is thinking…';
  if (best.exact) {
    if (best.value === 0n) return 'Proven: a draw with best play.';
    const winner = best.value > 0n ? mover : other(mover);
    return `Proven: ${names[winner]} wins by ${digits(best.value)}.`;
  }
  return `Expert's estimate for ${names[0]}: ${valueText(best, mover, names)}.`;
}
