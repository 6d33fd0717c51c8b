import { describe, expect, it } from 'vitest';
import { formatTick, maxScoreOf, moveStep, moveTicks, plottedScore, scoreAxis } from './ticks';

describe('vertical axis', () => {
  it('reaches at least 10, rounded up to a power of 2: 16', () => {
    for (const max of [0, 1, 5, 10, 16]) {
      expect(scoreAxis(BigInt(max))).toEqual({ base: 2, max: 16, ticks: [1, 2, 4, 8, 16] });
    }
  });

  it('rounds up to the next power of 2 below 10000', () => {
    expect(scoreAxis(17n).max).toBe(32);
    expect(scoreAxis(32n).max).toBe(32);
    expect(scoreAxis(33n).max).toBe(64);
    expect(scoreAxis(100n).max).toBe(128);
    expect(scoreAxis(1025n).max).toBe(2048);
    expect(scoreAxis(9999n).max).toBe(16384);
  });

  it('switches to powers of 10 from 10000', () => {
    expect(scoreAxis(10000n)).toEqual({ base: 10, max: 10000, ticks: [1, 10, 100, 1000, 10000] });
    expect(scoreAxis(10001n).max).toBe(100000);
    expect(scoreAxis(43046721n).max).toBe(100000000); // 3¹⁶, a 10×10 board of 3-cell groups
  });

  it('labels every power while there are at most 8', () => {
    expect(scoreAxis(100n).ticks).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
    expect(scoreAxis(1_000_000n).ticks).toEqual([1, 10, 100, 1000, 1e4, 1e5, 1e6]);
    expect(scoreAxis(10_000_000n).ticks).toEqual([1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7]);
  });

  it('thins to every second power beyond 8, keeping the upper bound', () => {
    expect(scoreAxis(200n).ticks).toEqual([1, 4, 16, 64, 256]);
    expect(scoreAxis(300n).ticks).toEqual([1, 4, 16, 64, 256, 512]);
    expect(scoreAxis(9999n).ticks).toEqual([1, 4, 16, 64, 256, 1024, 4096, 16384]);
    expect(scoreAxis(5000n).ticks).toEqual([1, 4, 16, 64, 256, 1024, 4096, 8192]);
    expect(scoreAxis(100_000_000n).ticks).toEqual([1, 100, 1e4, 1e6, 1e8]);
  });

  it('never has more than 8 ticks, always starts at 1 and ends at the bound', () => {
    for (let max = 0n; max < 2n ** 130n; max = max * 3n + 1n) {
      const axis = scoreAxis(max);
      const reach = max > 10n ? max : 10n;
      expect(axis.ticks.length).toBeLessThanOrEqual(8);
      expect(axis.ticks[0]).toBe(1);
      expect(axis.ticks.at(-1)).toBe(axis.max);
      const top = BigInt(axis.base) ** BigInt(Math.round(Math.log(axis.max) / Math.log(axis.base))); // the bound, exact
      expect(top).toBeGreaterThanOrEqual(reach);
      expect(top / BigInt(axis.base)).toBeLessThan(reach);
    }
  });

  it('reaches 2^128, a full 16×16 board\'s bound, with every 6th power of ten and the bound labelled', () => {
    const axis = scoreAxis(2n ** 128n);
    expect(axis.base).toBe(10);
    expect(axis.max).toBe(1e39);
    expect(axis.ticks).toEqual([1, 1e6, 1e12, 1e18, 1e24, 1e30, 1e36, 1e39]);
    expect(axis.ticks.map((tick) => formatTick(tick, 2n ** 128n))).toEqual(['1', '10⁶', '10¹²', '10¹⁸', '10²⁴', '10³⁰', '10³⁶', '10³⁹']);
  });

  it('rounds exactly at a power of ten past what a float holds', () => {
    expect(scoreAxis(10n ** 30n).max).toBe(1e30);
    expect(scoreAxis(10n ** 30n + 1n).max).toBe(1e31);
  });

  it('plots scores of 0 at 1', () => {
    expect(plottedScore(0n)).toBe(1);
    expect(plottedScore(1n)).toBe(1);
    expect(plottedScore(12n)).toBe(12);
    expect(plottedScore(2n ** 96n)).toBeCloseTo(7.922816251426434e28, -14);
  });
});

describe('vertical labels', () => {
  it('plain below 1000', () => {
    expect(formatTick(1, 100n)).toBe('1');
    expect(formatTick(512, 300n)).toBe('512');
  });

  it('with k from 1000, one decimal at most', () => {
    expect(formatTick(1000, 1000n)).toBe('1k');
    expect(formatTick(1024, 1025n)).toBe('1k');
    expect(formatTick(1500, 2000n)).toBe('1.5k');
    expect(formatTick(4096, 5000n)).toBe('4.1k');
    expect(formatTick(8192, 5000n)).toBe('8.2k');
    expect(formatTick(12000, 9000n)).toBe('12k');
    expect(formatTick(16384, 9999n)).toBe('16.4k');
  });

  it('powers of ten as 10ⁿ once the chart reaches 10000', () => {
    expect(formatTick(1, 10000n)).toBe('1');
    expect(formatTick(10, 10000n)).toBe('10¹');
    expect(formatTick(1000, 10000n)).toBe('10³');
    expect(formatTick(10000, 10000n)).toBe('10⁴');
    expect(formatTick(1e12, 10n ** 12n)).toBe('10¹²');
  });

  it('other values keep k on such charts', () => {
    expect(formatTick(1500, 20000n)).toBe('1.5k');
    expect(formatTick(20, 20000n)).toBe('20');
  });

  it('no powers of ten below 10000', () => {
    expect(formatTick(1000, 9999n)).toBe('1k');
    expect(formatTick(10, 9999n)).toBe('10');
  });
});

describe('horizontal axis', () => {
  it('steps by game length', () => {
    expect([1, 5].map(moveStep)).toEqual([1, 1]);
    expect([6, 10].map(moveStep)).toEqual([2, 2]);
    expect([11, 20].map(moveStep)).toEqual([5, 5]);
    expect([21, 36, 64, 100].map(moveStep)).toEqual([5, 8, 13, 20]);
  });

  it('labels every move up to 5', () => {
    expect(moveTicks(0)).toEqual([]);
    expect(moveTicks(1)).toEqual([1]);
    expect(moveTicks(5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('labels move 1 and the multiples of the step', () => {
    expect(moveTicks(6)).toEqual([1, 2, 4, 6]);
    expect(moveTicks(9)).toEqual([1, 2, 4, 6, 8]);
    expect(moveTicks(20)).toEqual([1, 5, 10, 15, 20]);
    expect(moveTicks(36)).toEqual([1, 8, 16, 24, 32]); // a full 6×6 board
    expect(moveTicks(100)).toEqual([1, 20, 40, 60, 80, 100]); // a full 10×10 board
  });

  it('keeps about 5 steps in long games', () => {
    for (let moves = 21; moves <= 256; moves += 1) {
      const ticks = moveTicks(moves);
      expect(ticks.length).toBeGreaterThanOrEqual(5);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.at(-1)).toBeLessThanOrEqual(moves);
    }
  });
});

describe('largest score', () => {
  it('of both histories, 0 when empty', () => {
    expect(maxScoreOf([[], []])).toBe(0n);
    expect(maxScoreOf([[1n, 4n, 3n], [0n, 6n, 2n]])).toBe(6n);
    expect(maxScoreOf([[2n ** 96n + 1n], [2n ** 96n]])).toBe(2n ** 96n + 1n);
  });
});
