/** Score formatting shared by the score display and the results dialogs. */
import { winnerOf } from '../../protocol/rules';

/** Fixed to en-US so a score reads the same on every device: 1234567 → "1,234,567". */
const thousands = new Intl.NumberFormat('en-US');

export function formatScore(score: number): string {
  return thousands.format(score);
}

/** The player strictly ahead, or null on a tie (no trophy then). */
export function leaderOf(scores: readonly [number, number]): 0 | 1 | null {
  const winner = winnerOf([scores[0], scores[1]]);
  return winner === 'draw' ? null : winner;
}
