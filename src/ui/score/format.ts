/**
 * Scores for people to read, shared by every page that shows one. A score is exact (a bigint:
 * a full 16×16 board reaches 2^96) and is never rounded where it is the whole story: titles,
 * tooltips, the Game Results boxes and the screen reader's labels carry every digit
 * (scoreDigits). Where room is short a long score reads compactly (formatScore).
 */

/** Fixed to en-US so a score reads the same on every device: 1234567n → "1,234,567". */
const thousands = new Intl.NumberFormat('en-US');

/** From here on a score is shown compactly: 10,000,000 → "1.00 × 10⁷". */
export const COMPACT_FROM = 10_000_000n;

/** Whether a score is long enough to be shown compactly (10,000,000 or more, either sign). */
export function isLongScore(score: bigint): boolean {
  return (score < 0n ? -score : score) >= COMPACT_FROM;
}

/** Significant digits of a compact score's mantissa: "1.37 × 10¹¹". */
const SIGNIFICANT = 3;

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A whole number in superscript digits: 11 → "¹¹". */
export function superscript(n: number): string {
  return [...String(n)].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)] ?? digit).join('');
}

/** Every digit, with thousands separators: 137438953472n → "137,438,953,472". */
export function scoreDigits(score: bigint): string {
  return thousands.format(score);
}

/**
 * A score as it fits a card or a table cell: every digit with separators below 10,000,000,
 * from there on three significant digits and a power of ten, e.g. 137438953472n →
 * "1.37 × 10¹¹" (rounded half up on the exact value; 9,995,000,000 → "1.00 × 10¹⁰").
 */
export function formatScore(score: bigint): string {
  if (!isLongScore(score)) return scoreDigits(score);
  const size = score < 0n ? -score : score;
  let exponent = String(size).length - 1;
  const unit = 10n ** BigInt(exponent - (SIGNIFICANT - 1));
  let leading = size / unit;
  if (2n * (size % unit) >= unit) leading += 1n;
  if (leading === 10n ** BigInt(SIGNIFICANT)) {
    leading /= 10n;
    exponent += 1;
  }
  const digits = String(leading);
  const sign = score < 0n ? '-' : '';
  return `${sign}${digits[0]}.${digits.slice(1)} × 10${superscript(exponent)}`;
}

/** The player strictly ahead, or null on a tie (no trophy then). */
export function leaderOf(scores: readonly [bigint, bigint]): 0 | 1 | null {
  if (scores[0] > scores[1]) return 0;
  if (scores[1] > scores[0]) return 1;
  return null;
}
