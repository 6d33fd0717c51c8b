/**
 * The score chart's axes (SPEC §2 "Score chart"), as pure functions so the rules are tested
 * without a canvas. Readings of the spec where it leaves room:
 *
 * - Vertical axis: logarithmic from 1. The largest score is taken as at least 10, then rounded up
 *   to a power of 2 (of 10 once the largest score is 10000 or more). "Next power" means the
 *   smallest power not below that value, so a top score of 16 fills the chart to 16; the smallest
 *   upper bound is therefore 16.
 * - Vertical ticks sit on the powers of the base from 1 to the upper bound. When there would be
 *   more than 8, every s-th power is kept (s the smallest step giving at most 8 ticks), and the
 *   upper bound is always labelled.
 * - Horizontal axis: moves numbered from 1. Step 1 up to 5 moves, 2 up to 10, 5 up to 20, else
 *   ceil(moves / 5) ("about 5 steps"). Ticks at move 1 and at every multiple of the step.
 */

/** Scores of 0 cannot sit on a log axis: they are drawn at 1. */
export function plottedScore(score: number): number {
  return Math.max(1, score);
}

/** The largest score at which the axis still uses powers of 2. */
export const POWER_OF_TEN_FROM = 10000;

export interface ScoreAxis {
  base: 2 | 10; // the log base and the base of the tick powers
  max: number; // the upper bound, a power of `base`
  ticks: number[]; // ascending, from 1
}

/** At most this many vertical ticks ("about 8 ticks at most"). */
const MAX_TICKS = 8;

/** Exponents 0..top, every `step`-th one, plus the top itself. */
function exponents(top: number, step: number): number[] {
  const kept: number[] = [];
  for (let exponent = 0; exponent <= top; exponent += step) kept.push(exponent);
  if (kept.at(-1) !== top) kept.push(top);
  return kept;
}

/** The vertical axis for a chart whose largest score (of either player) is `maxScore`. */
export function scoreAxis(maxScore: number): ScoreAxis {
  const base = maxScore >= POWER_OF_TEN_FROM ? 10 : 2;
  const reach = Math.max(maxScore, 10);
  // Rounding guards against log2(8) = 2.9999…; a top exponent is never below 1.
  const top = Math.ceil(Number((Math.log(reach) / Math.log(base)).toFixed(9)));
  let step = 1;
  while (exponents(top, step).length > MAX_TICKS) step += 1;
  const ticks = exponents(top, step).map((exponent) => base ** exponent);
  return { base, max: base ** top, ticks };
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function superscript(n: number): string {
  return [...String(n)].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)] ?? digit).join('');
}

/** `value` as 10ⁿ when it is a power of ten from 10 up, else null. */
function powerOfTen(value: number): string | null {
  if (value < 10) return null;
  const exponent = Math.round(Math.log10(value));
  return 10 ** exponent === value ? `10${superscript(exponent)}` : null;
}

/**
 * A vertical tick's label: 1000 and more with k (1.5k, 12k, one decimal at most), and powers of
 * ten as 10ⁿ on charts reaching 10000 (there 1 stays 1: 10⁰ says no more).
 */
export function formatTick(value: number, maxScore: number): string {
  if (maxScore >= POWER_OF_TEN_FROM) {
    const power = powerOfTen(value);
    if (power) return power;
  }
  if (value >= 1000) {
    const thousands = Math.round(value / 100) / 10;
    return `${thousands}k`;
  }
  return String(value);
}

/** The horizontal step between labelled moves for a game of `moves` moves. */
export function moveStep(moves: number): number {
  if (moves <= 5) return 1;
  if (moves <= 10) return 2;
  if (moves <= 20) return 5;
  return Math.ceil(moves / 5);
}

/** The labelled moves: move 1, then every multiple of the step up to the last move. */
export function moveTicks(moves: number): number[] {
  if (moves < 1) return [];
  const step = moveStep(moves);
  const ticks = [1];
  for (let move = step; move <= moves; move += step) if (move > 1) ticks.push(move);
  return ticks;
}

/** The largest score in the histories, 0 when they are empty. */
export function maxScoreOf(histories: readonly (readonly number[])[]): number {
  return histories.reduce((max, history) => history.reduce((m, score) => Math.max(m, score), max), 0);
}
