/**
 * The score chart's axes (SPEC §2 "Score chart"), as pure functions so the rules are tested
 * without a canvas. Scores are exact (bigint, up to 2^128 on a 16×16 board): the axis is worked
 * out on their digits, and only the points become numbers, to be drawn. Readings of the spec
 * where it leaves room:
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
import { superscript } from '../score/format';

/**
 * A score's place on the log axis. Scores are exact (bigint) and are turned into numbers only
 * here, to be drawn: a float's 16 digits place a point to far better than a pixel. Scores of 0
 * cannot sit on a log axis: they are drawn at 1.
 */
export function plottedScore(score: bigint): number {
  return score < 1n ? 1 : Number(score);
}

/** The largest score at which the axis still uses powers of 2. */
export const POWER_OF_TEN_FROM = 10000n;

export interface ScoreAxis {
  base: 2 | 10; // the log base and the base of the tick powers
  max: number; // the upper bound, a power of `base` (up to 10³⁹ for a 2^128 score)
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

/** The smallest exponent e with base^e ≥ value (value ≥ 1), worked out on the exact digits. */
function ceilingExponent(value: bigint, base: 2 | 10): number {
  const digits = value.toString(base);
  const isPower = /^10*$/.test(digits);
  return isPower ? digits.length - 1 : digits.length;
}

/** The vertical axis for a chart whose largest score (of either player) is `maxScore`. */
export function scoreAxis(maxScore: bigint): ScoreAxis {
  const base = maxScore >= POWER_OF_TEN_FROM ? 10 : 2;
  const top = ceilingExponent(maxScore > 10n ? maxScore : 10n, base);
  let step = 1;
  while (exponents(top, step).length > MAX_TICKS) step += 1;
  const ticks = exponents(top, step).map((exponent) => power(base, exponent));
  return { base, max: power(base, top), ticks };
}

/** base^exponent as the float nearest to it (10 ** 39 computes 1.0000000000000001e39; "1e39" reads exactly). */
function power(base: 2 | 10, exponent: number): number {
  return base === 10 ? Number(`1e${exponent}`) : 2 ** exponent;
}

/** `value` as 10ⁿ when it is a power of ten from 10 up (as a float draws it, to 1 part in 10⁹), else null. */
function powerOfTen(value: number): string | null {
  if (value < 10) return null;
  const exponent = Math.round(Math.log10(value));
  return Math.abs(value / Number(`1e${exponent}`) - 1) < 1e-9 ? `10${superscript(exponent)}` : null;
}

/**
 * A vertical tick's label: 1000 and more with k (1.5k, 12k, one decimal at most), and powers of
 * ten as 10ⁿ on charts reaching 10000 (there 1 stays 1: 10⁰ says no more), up to 10³⁹.
 */
export function formatTick(value: number, maxScore: bigint): string {
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
export function maxScoreOf(histories: readonly (readonly bigint[])[]): bigint {
  return histories.reduce((max, history) => history.reduce((m, score) => (score > m ? score : m), max), 0n);
}
