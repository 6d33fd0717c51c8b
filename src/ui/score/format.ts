/** Score formatting shared by the score display and the results dialogs. */

/** Fixed to en-US so a score reads the same on every device: 1234567 → "1,234,567". */
const thousands = new Intl.NumberFormat('en-US');

export function formatScore(score: number): string {
  return thousands.format(score);
}

/** The player strictly ahead, or null on a tie (no trophy then). */
export function leaderOf(scores: readonly [number, number]): 0 | 1 | null {
  if (scores[0] > scores[1]) return 0;
  if (scores[1] > scores[0]) return 1;
  return null;
}
