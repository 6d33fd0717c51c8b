/**
 * Elo from a match's result, for `npm run arena`: the rating difference that
 * predicts the points A scored (a draw is half a point), with a 95% interval from
 * the spread of the per-game points (the normal approximation, as chess engine
 * testers print it). A perfect or a zero score has no finite difference: the
 * difference and the interval's far end are then open (±Infinity).
 */

export interface EloEstimate {
  /** A's rating minus B's. */
  difference: number;
  /** The 95% interval of the difference. */
  low: number;
  high: number;
}

/** The Elo difference whose expected score is `score` (0..1). */
export function eloFromScore(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return 0 - 400 * Math.log10(1 / score - 1); // 0 - : an even score is +0, not -0
}

/** A's Elo difference over B and its 95% interval, from A's wins, draws and losses. */
export function eloEstimate(wins: number, draws: number, losses: number): EloEstimate {
  const games = wins + draws + losses;
  if (games === 0) return { difference: 0, low: -Infinity, high: Infinity };
  const score = (wins + draws / 2) / games;
  // The variance of one game's points (1, 1/2 or 0) about the mean score.
  const variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games;
  const margin = 1.959964 * Math.sqrt(variance / games);
  return {
    difference: eloFromScore(score),
    low: eloFromScore(Math.max(0, score - margin)),
    high: eloFromScore(Math.min(1, score + margin)),
  };
}

/** "+191 (95%: +120 to +274)", or with open ends as "+∞". */
export function formatElo({ difference, low, high }: EloEstimate): string {
  const show = (n: number) => (n === Infinity ? '+∞' : n === -Infinity ? '-∞' : `${n >= 0 ? '+' : ''}${Math.round(n)}`);
  return `${show(difference)} (95%: ${show(low)} to ${show(high)})`;
}
