/**
 * The post-game review's yardstick: how good a position is for the player to
 * move, on one scale whether the solver proved it or Expert estimated it, and what a move is
 * called by how much of it the move gave away.
 *
 * Scores are products: over one game they grow from 1 to about 10^11 on 10×10, so a score
 * difference of 100 decides a 4×4 game and is nothing on 10×10. Like lichess, which judges a
 * move by the winning chances it loses rather than by centipawns, we judge by the expected
 * result, a number from -1 (lost) through 0 (drawn) to +1 (won): exact where the solver reaches
 * (the sign of the final score difference with best play), and Expert's value squashed into
 * (-1, 1) elsewhere. The exact score differences are still shown in words.
 */

/**
 * What a move is called, best first; 'forced' when the mover had no choice worth judging (one
 * legal move, or every legal move proven worth the same): it gets no symbol, never a "!".
 */
export type MoveMark = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder' | 'forced';

export const MOVE_MARKS: readonly MoveMark[] = ['best', 'good', 'inaccuracy', 'mistake', 'blunder', 'forced'];

/**
 * The least loss of expected result (on the -1..+1 scale) that earns each mark: lichess's own
 * thresholds on its winning chances (0.1, 0.2, 0.3 on -1..+1). On exact values the expected
 * result only moves in whole steps, so throwing away a proven win for a draw (1) or a loss (2),
 * or a draw for a loss (1), is always a blunder, and keeping the result is never worse than good.
 */
export const MARK_THRESHOLDS = {
  inaccuracy: 0.1,
  mistake: 0.2,
  blunder: 0.3,
} as const;

/**
 * Expert's value is its learned evaluation's log-odds that the player to move wins, a draw
 * counting half (engine-rs ai/nnue): tanh(v / 2) = 2σ(v) − 1 is exactly that expected result on
 * the -1..+1 scale. On boards the net does not know (not square) Expert's classic value, the log
 * of the score ratio plus 0.6 per cell of room, is read the same way: a 2× score lead at about a
 * third of a won game, 7× at three quarters, 50× at 0.96.
 */
export const EXPERT_VALUE_SCALE = 2;

/** Expert's values beyond this are decided games (its WIN is 1000), whatever their ratio term. */
export const EXPERT_DECIDED = 500;

/** An estimate stops short of a proof (tanh rounds to 1 from about 19 on). */
export const ESTIMATE_LIMIT = 0.99;

/** The mark symbols lichess uses, and the words for screen readers. */
export const MARK_SYMBOLS: Record<MoveMark, string> = {
  best: '!',
  good: '',
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
  forced: '',
};

/**
 * The expected result of an exact final score difference for the player to move: won, drawn,
 * lost. Compared as a whole number, never rounded: a 16×16 margin of 1 on 2^96 still wins.
 */
export function exactChance(difference: bigint): number {
  if (difference > 0n) return 1;
  return difference < 0n ? -1 : 0;
}

/** The expected result of Expert's value for the player to move, strictly inside (-1, 1) unless decided. */
export function expertChance(value: number): number {
  if (!Number.isFinite(value)) return 0;
  if (Math.abs(value) >= EXPERT_DECIDED) return Math.sign(value);
  const chance = Math.tanh(value / EXPERT_VALUE_SCALE);
  return Math.max(-ESTIMATE_LIMIT, Math.min(ESTIMATE_LIMIT, chance));
}

/**
 * The mark of a move that kept `chanceAfter` of the mover's `chanceBefore` (both for the mover,
 * -1..+1). `asGoodAsBest` is true when the move is the engine's best or proven equal to it.
 */
export function markOf(chanceBefore: number, chanceAfter: number, asGoodAsBest: boolean): MoveMark {
  if (asGoodAsBest) return 'best';
  const lost = chanceBefore - chanceAfter;
  if (lost >= MARK_THRESHOLDS.blunder) return 'blunder';
  if (lost >= MARK_THRESHOLDS.mistake) return 'mistake';
  if (lost >= MARK_THRESHOLDS.inaccuracy) return 'inaccuracy';
  return 'good';
}

/** "blunder (??)" for the move list's screen-reader label; "best move (!)"; "forced move". */
export function markInWords(mark: MoveMark): string {
  if (mark === 'forced') return 'forced move';
  const words = mark === 'best' ? 'best move' : mark === 'good' ? 'good move' : mark;
  const symbol = MARK_SYMBOLS[mark];
  return symbol ? `${words} (${symbol})` : words;
}
