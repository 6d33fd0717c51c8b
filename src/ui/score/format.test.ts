import { describe, expect, it } from 'vitest';
import { formatScore, isLongScore, leaderOf, scoreDigits } from './format';

describe('a score for people to read', () => {
  it('shows every digit with thousands separators up to 9,999,999', () => {
    expect(formatScore(0n)).toBe('0');
    expect(formatScore(999n)).toBe('999');
    expect(formatScore(1000n)).toBe('1,000');
    expect(formatScore(9_999_999n)).toBe('9,999,999');
    expect(formatScore(-43_046n)).toBe('-43,046');
  });

  it('shows a score from 10,000,000 on with three significant digits and a superscript power of ten', () => {
    expect(formatScore(10_000_000n)).toBe('1.00 × 10⁷');
    expect(formatScore(43_046_721n)).toBe('4.30 × 10⁷');
    expect(formatScore(137_438_953_472n)).toBe('1.37 × 10¹¹');
    expect(formatScore(-137_438_953_472n)).toBe('-1.37 × 10¹¹');
  });

  it('rounds half up on the exact value, carrying into the next power', () => {
    expect(formatScore(13_749_999n)).toBe('1.37 × 10⁷');
    expect(formatScore(13_750_000n)).toBe('1.38 × 10⁷');
    expect(formatScore(9_995_000_000n)).toBe('1.00 × 10¹⁰');
    expect(formatScore(9_994_999_999n)).toBe('9.99 × 10⁹');
  });

  it('reads the largest scores of a full 16×16 board (2^96 in expansion, 2^128 as the bound)', () => {
    expect(formatScore(2n ** 64n)).toBe('1.84 × 10¹⁹');
    expect(formatScore(2n ** 96n)).toBe('7.92 × 10²⁸');
    expect(formatScore(2n ** 128n)).toBe('3.40 × 10³⁸');
  });

  it('calls a score long exactly where it starts to be shown compactly', () => {
    expect(isLongScore(9_999_999n)).toBe(false);
    expect(isLongScore(10_000_000n)).toBe(true);
    expect(isLongScore(-10_000_000n)).toBe(true);
  });

  it('keeps every digit, exactly, where the whole score is wanted', () => {
    expect(scoreDigits(0n)).toBe('0');
    expect(scoreDigits(137_438_953_472n)).toBe('137,438,953,472');
    expect(scoreDigits(2n ** 96n)).toBe('79,228,162,514,264,337,593,543,950,336');
    expect(scoreDigits(2n ** 128n - 1n)).toBe('340,282,366,920,938,463,463,374,607,431,768,211,455');
  });

  it('finds the strict leader, exactly past 2^53', () => {
    expect(leaderOf([12n, 10n])).toBe(0);
    expect(leaderOf([10n, 12n])).toBe(1);
    expect(leaderOf([5n, 5n])).toBeNull();
    expect(leaderOf([2n ** 64n + 1n, 2n ** 64n])).toBe(0);
  });
});
