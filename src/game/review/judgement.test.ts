/**
 * The review's yardstick: what a move is called by the expected result it gave away, exact
 * results in whole steps, and Expert's estimates never mistaken for a proof.
 */
import { describe, expect, it } from 'vitest';
import { ESTIMATE_LIMIT, EXPERT_DECIDED, MARK_THRESHOLDS, exactChance, expertChance, markInWords, markOf } from './judgement';

describe('markOf', () => {
  it('calls the engine’s move (or one proven as good) best, whatever the figures say', () => {
    expect(markOf(0.5, -0.9, true)).toBe('best');
  });

  it('names a move by how much expected result it gave away, at the named thresholds', () => {
    expect(markOf(0, 0.01 - MARK_THRESHOLDS.inaccuracy, false)).toBe('good');
    expect(markOf(0, -MARK_THRESHOLDS.inaccuracy, false)).toBe('inaccuracy');
    expect(markOf(0, -MARK_THRESHOLDS.mistake, false)).toBe('mistake');
    expect(markOf(0, -MARK_THRESHOLDS.blunder, false)).toBe('blunder');
    expect(markOf(0.9, -0.9, false)).toBe('blunder');
    expect(markOf(0.2, 0.6, false), 'a move that seems to gain is still not the best').toBe('good');
  });

  it('on exact values: a win thrown to a draw or a loss, or a draw to a loss, is a blunder; a smaller win is good', () => {
    expect(markOf(exactChance(12n), exactChance(0n), false)).toBe('blunder');
    expect(markOf(exactChance(12n), exactChance(-3n), false)).toBe('blunder');
    expect(markOf(exactChance(0n), exactChance(-1n), false)).toBe('blunder');
    expect(markOf(exactChance(12n), exactChance(2n), false)).toBe('good');
    expect(markOf(exactChance(-12n), exactChance(-40n), false)).toBe('good');
  });
});

describe('expected results', () => {
  it('exact: won, drawn, lost, however large the margin', () => {
    expect([exactChance(80n), exactChance(0n), exactChance(-1n)]).toEqual([1, 0, -1]);
    // A 16×16 expansion margin far past 2^53, and the least one: both won.
    expect([exactChance(2n ** 96n), exactChance(-(2n ** 96n)), exactChance(1n)]).toEqual([1, -1, 1]);
  });

  it('estimated: grows with Expert’s value, keeps its sign, and stays short of a proof unless decided', () => {
    const values = [-400, -5, -1, -0.2, 0, 0.2, 1, 5, 400];
    // Past ±ESTIMATE_LIMIT the estimates flatten: far leads are all 'nearly won'.
    const rising = values.slice(1, -1);
    const chances = rising.map(expertChance);
    for (let i = 1; i < chances.length; i++) expect(chances[i]!).toBeGreaterThan(chances[i - 1]!);
    for (const chance of values.map(expertChance)) expect(Math.abs(chance)).toBeLessThanOrEqual(ESTIMATE_LIMIT);
    expect(expertChance(0)).toBe(0);
    expect(expertChance(EXPERT_DECIDED + 3)).toBe(1);
    expect(expertChance(-1000)).toBe(-1);
    expect(expertChance(Number.NaN)).toBe(0);
  });
});

it('puts each mark in words with its symbol, for screen readers', () => {
  expect(markInWords('blunder')).toBe('blunder (??)');
  expect(markInWords('mistake')).toBe('mistake (?)');
  expect(markInWords('inaccuracy')).toBe('inaccuracy (?!)');
  expect(markInWords('good')).toBe('good move');
});
