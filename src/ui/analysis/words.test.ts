/**
 * The analysis board's numbers as a player reads them: Expert's value mapped to an expected
 * result (the bar), values with one decimal from Player 1's side, proven margins in full, and
 * the verdict in the players' names.
 */
import { describe, expect, it } from 'vitest';
import type { AnalysisUpdate, Candidate } from '../../game/analysis/search';
import { barShare, expectedResult, valueText, verdictText } from './words';

const cell = { gridX: 0, gridY: 0 };
const estimate = (value: number): Candidate => ({ cell, exact: false, value, line: [] });
const proof = (value: bigint): Candidate => ({ cell, exact: true, value, line: [] });
const update = (best: Candidate): AnalysisUpdate => ({ round: 1, done: false, exact: best.exact, top: [best], nodes: 1 });

describe('the expected result of Expert’s value', () => {
  it('is even at 0, rises steadily with the value, stops short of a proof, and is decided beyond ±500', () => {
    expect(expectedResult(0)).toBe(0);
    expect(expectedResult(Math.log(2))).toBeCloseTo(1 / 3, 9); // odds of 2 to 1: 2σ(v) − 1, a third of a won game
    expect(expectedResult(2)).toBeCloseTo(0.76, 2);
    expect(expectedResult(-2)).toBeCloseTo(-0.76, 2);
    expect(expectedResult(40)).toBe(0.99);
    expect(expectedResult(1000)).toBe(1);
    expect(expectedResult(-1000)).toBe(-1);
    expect(expectedResult(Number.NaN)).toBe(0);
  });

  it('fills Player 1’s share of the bar from the player to move’s best move', () => {
    expect(barShare(null, 0)).toBe(0.5);
    expect(barShare(update(estimate(2)), 0)).toBeCloseTo(0.88, 2);
    expect(barShare(update(estimate(2)), 1)).toBeCloseTo(0.12, 2); // good for Player 2: little for Player 1
    expect(barShare(update(proof(-3n)), 1)).toBe(1);
    expect(barShare(null, null, [5n, 9n])).toBe(0);
  });
});

describe('the values and the verdict in words', () => {
  it('shows estimates with one decimal for Player 1, and proven margins whole', () => {
    expect(valueText(estimate(0.84), 0)).toBe('+0.8');
    expect(valueText(estimate(0.84), 1)).toBe('−0.8');
    expect(valueText(estimate(0.04), 0)).toBe('0.0');
    expect(valueText(estimate(1000), 1)).toBe('Player 2 wins');
    expect(valueText(proof(12n), 1)).toBe('−12');
    expect(valueText(proof(2n ** 70n), 0)).toBe('+1,180,591,620,717,411,303,424');
  });

  it('says who wins a proven position and by how much, in the players’ names', () => {
    expect(verdictText(update(proof(12n)), 1, [0n, 0n])).toBe('Proven: Player 2 wins by 12.');
    expect(verdictText(update(proof(-7n)), 1, [0n, 0n])).toBe('Proven: Player 1 wins by 7.');
    expect(verdictText(update(proof(0n)), 0, [0n, 0n])).toBe('Proven: a draw with best play.');
    expect(verdictText(update(estimate(-1.26)), 0, [0n, 0n])).toBe("Expert's estimate for Player 1: −1.3.");
    expect(verdictText(null, 0, [0n, 0n])).toBe('The engine is thinking…');
    expect(verdictText(null, null, [30n, 18n])).toBe('Game over: Player 1 won by 12.');
  });
});
