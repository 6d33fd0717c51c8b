/**
 * The arena's Elo arithmetic: the difference a score predicts, and its 95% interval.
 */
import { describe, expect, it } from 'vitest';
import { eloEstimate, eloFromScore, formatElo, ladder } from '../scripts/lib/elo';

describe('Elo from a match result', () => {
  it('gives the difference whose expected score is the score', () => {
    expect(eloFromScore(0.5)).toBe(0);
    // 400 points: ten times the odds, a score of 10/11.
    expect(eloFromScore(10 / 11)).toBeCloseTo(400, 9);
    expect(eloFromScore(1 / 11)).toBeCloseTo(-400, 9);
    expect(eloFromScore(0.75)).toBeCloseTo(190.85, 2);
    expect(eloFromScore(1)).toBe(Infinity);
    expect(eloFromScore(0)).toBe(-Infinity);
  });

  it('puts the interval around the difference, narrowing as games add up', () => {
    const few = eloEstimate(15, 10, 5); // 20 of 30 points: 2/3
    expect(few.difference).toBeCloseTo(120.41, 2);
    expect(few.low).toBeLessThan(few.difference);
    expect(few.high).toBeGreaterThan(few.difference);
    const many = eloEstimate(150, 100, 50);
    expect(many.difference).toBeCloseTo(few.difference, 9);
    expect(many.high - many.low).toBeLessThan((few.high - few.low) / 2);
    // By hand for 15-10-5: per-game variance (15/9 + 10/36 + 20/9) / 30 = 5/36, 1.96 standard errors either side.
    const margin = 1.959964 * Math.sqrt(5 / 36 / 30);
    expect(few.low).toBeCloseTo(eloFromScore(2 / 3 - margin), 9);
    expect(few.high).toBeCloseTo(eloFromScore(2 / 3 + margin), 9);
  });

  it("leaves a perfect score open-ended above Wilson's bound, and an even match centred on 0", () => {
    // 200 wins of 200: the score is at least 200 / (200 + 1.96²) = 0.981 with 95% confidence, about +687.
    const perfect = eloEstimate(200, 0, 0);
    expect(perfect.difference).toBe(Infinity);
    expect(perfect.high).toBe(Infinity);
    expect(perfect.low).toBeCloseTo(eloFromScore(200 / (200 + 1.959964 ** 2)), 9);
    expect(Math.round(perfect.low)).toBe(687);
    // Fewer games prove less.
    expect(eloEstimate(10, 0, 0).low).toBeLessThan(perfect.low);
    expect(formatElo(eloEstimate(200, 0, 0))).toBe('+∞ (95%: +687 to +∞)');
    expect(formatElo(eloEstimate(0, 0, 200))).toBe('-∞ (95%: -∞ to -687)');
    const even = eloEstimate(0, 20, 0);
    expect([even.difference, even.low, even.high]).toEqual([0, 0, 0]);
    expect(formatElo(eloEstimate(15, 10, 5))).toMatch(/^\+120 \(95%: \+\d+ to \+\d+\)$/);
  });
});

describe('the ladder of levels', () => {
  it('adds up the steps between neighbours from the first level, finite even for a perfect score', () => {
    const rungs = ladder([
      { upper: 'easy', lower: 'random', wins: 20, draws: 0, losses: 0 },
      { upper: 'medium', lower: 'easy', wins: 15, draws: 10, losses: 5 },
    ]);
    expect(rungs.map((r) => r.level)).toEqual(['random', 'easy', 'medium']);
    expect(rungs[0]).toEqual({ level: 'random', elo: 0, margin: 0 });
    // 20 wins and the extra draw: 20.5 of 21 points.
    expect(rungs[1]!.elo).toBeCloseTo(eloFromScore(20.5 / 21), 9);
    expect(Number.isFinite(rungs[1]!.margin)).toBe(true);
    // 15-11-5 with the extra draw: 20.5 of 31 points, on top of the first step.
    expect(rungs[2]!.elo).toBeCloseTo(rungs[1]!.elo + eloFromScore(20.5 / 31), 9);
    expect(rungs[2]!.margin).toBeGreaterThan(rungs[1]!.margin);
  });
});
