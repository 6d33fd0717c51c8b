/**
 * Elo from a match's result, for `npm run arena`: the rating difference that
 * predicts the points A scored (a draw is half a point), with a 95% interval from
 * the spread of the per-game points (the normal approximation, as chess engine
 * testers print it). A perfect or a zero score has no finite difference: the
 * difference and the interval's far end are then open (±Infinity), and the near
 * end is Wilson's bound (n wins of n games: a score of at least n / (n + z²)),
 * where the normal approximation, with no spread to go on, would give none.
 */

export interface EloEstimate {
  /** A's rating minus B's. */
  difference: number;
  /** The 95% interval of the difference. */
  low: number;
  high: number;
}

/** The normal distribution's two-sided 95% quantile. */
const Z95 = 1.959964;

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
  const margin = Z95 * Math.sqrt(variance / games);
  if (score === 1 || score === 0) {
    const near = games / (games + Z95 ** 2);
    return score === 1
      ? { difference: Infinity, low: eloFromScore(near), high: Infinity }
      : { difference: -Infinity, low: -Infinity, high: eloFromScore(1 - near) };
  }
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

/** One match of a ladder: the stronger-looking level, the weaker, and the stronger one's record. */
export interface LadderMatch {
  upper: string;
  lower: string;
  wins: number;
  draws: number;
  losses: number;
}

/** A level's place on the ladder: Elo over the first level, and its 95% interval's half-width. */
export interface LadderRung {
  level: string;
  elo: number;
  margin: number;
}

/**
 * Every level's Elo over the first, from matches between neighbours (`matches[k]` sets level k + 1 against
 * level k). A perfect score has no finite difference, so each match counts one extra draw (half a point each
 * way), which keeps every step finite and moves a lopsided one least; each step's 95% half-width comes from
 * the score's by the slope of Elo against score (the delta method), and they add up in quadrature along the ladder.
 */
export function ladder(matches: readonly LadderMatch[]): LadderRung[] {
  if (matches.length === 0) return [];
  const rungs: LadderRung[] = [{ level: matches[0]!.lower, elo: 0, margin: 0 }];
  let [elo, variance] = [0, 0];
  for (const { upper, wins, draws, losses } of matches) {
    const step = eloEstimate(wins, draws + 1, losses);
    elo += step.difference;
    // The delta method: the score's 95% half-width times the slope of Elo against score there.
    const games = wins + draws + 1 + losses;
    const score = (wins + (draws + 1) / 2) / games;
    const pointVariance = (wins * (1 - score) ** 2 + (draws + 1) * (0.5 - score) ** 2 + losses * score ** 2) / games;
    const halfWidth = (Z95 * Math.sqrt(pointVariance / games) * 400) / (Math.LN10 * score * (1 - score));
    variance += halfWidth ** 2;
    rungs.push({ level: upper, elo, margin: Math.sqrt(variance) });
  }
  return rungs;
}
