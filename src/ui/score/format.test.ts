import { describe, expect, it } from 'vitest';
import { formatScore, leaderOf } from './format';

describe('score formatting', () => {
  it('writes thousands separators', () => {
    expect(formatScore(0)).toBe('0');
    expect(formatScore(999)).toBe('999');
    expect(formatScore(1000)).toBe('1,000');
    expect(formatScore(43046721)).toBe('43,046,721');
  });

  it('finds the strict leader', () => {
    expect(leaderOf([12, 10])).toBe(0);
    expect(leaderOf([10, 12])).toBe(1);
    expect(leaderOf([5, 5])).toBeNull();
  });
});
