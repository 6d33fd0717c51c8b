import { describe, expect, it } from 'vitest';
import { computeStatistics, countLeadChanges } from './statistics';

/*
 * A hand-worked 8-move game. Player 0 moves at even indices, player 1 at odd ones, so each
 * history changes only on its owner's moves. At index 6 player 0 merges two groups (2 × 2 → 3)
 * and the score falls.
 *
 *   index     0  1  2  3  4  5  6  7
 *   player 0  1  1  2  2  4  4  3  3
 *   player 1  0  1  1  3  3  5  5  5
 *   leader    0  =  0  1  0  1  1  1
 */
const game: [bigint[], bigint[]] = [
  [1n, 1n, 2n, 2n, 4n, 4n, 3n, 3n],
  [0n, 1n, 1n, 3n, 3n, 5n, 5n, 5n],
];

describe('statistics of a hand-worked game', () => {
  const stats = computeStatistics(game, 8);
  const [first, second] = stats.players;

  it('final score is the last recorded score', () => {
    expect(first.finalScore).toBe(3n);
    expect(second.finalScore).toBe(5n);
  });

  it('highest score can differ from the final one', () => {
    expect(first.highestScore).toBe(4n);
    expect(second.highestScore).toBe(5n);
  });

  it('biggest single move gain is the largest per-move increase', () => {
    // player 0: +1 +0 +1 +0 +2 +0 -1 +0; player 1: +0 +1 +0 +2 +0 +2 +0 +0
    expect(first.biggestGain).toBe(2n);
    expect(second.biggestGain).toBe(2n);
  });

  it('largest lead is the largest difference while ahead', () => {
    // player 0 leads by 1 at 0, 2 and 4; player 1 by 1, 1, 2, 2 at 3, 5, 6, 7
    expect(first.largestLead).toBe(1n);
    expect(second.largestLead).toBe(2n);
  });

  it('time in lead is the rounded percentage of moves led strictly', () => {
    expect(first.timeInLead).toBe(38); // 3 of 8 = 37.5
    expect(second.timeInLead).toBe(50); // 4 of 8; the tie at index 1 counts for nobody
  });

  it('total moves are the occupied cells passed in', () => {
    expect(stats.totalMoves).toBe(8);
  });

  it('counts three lead changes', () => {
    // 0 (tie) 0 → 1 → 0 → 1 1 1
    expect(stats.leadChanges).toBe(3);
  });
});

describe('statistics edge cases', () => {
  it('an empty game is all zeros', () => {
    expect(computeStatistics([[], []], 0)).toEqual({
      players: [
        { finalScore: 0n, highestScore: 0n, biggestGain: 0n, largestLead: 0n, timeInLead: 0 },
        { finalScore: 0n, highestScore: 0n, biggestGain: 0n, largestLead: 0n, timeInLead: 0 },
      ],
      totalMoves: 0,
      leadChanges: 0,
    });
  });

  it('one move: the mover gained 1 and led the whole game', () => {
    const [first, second] = computeStatistics([[1n], [0n]], 1).players;
    expect(first).toEqual({ finalScore: 1n, highestScore: 1n, biggestGain: 1n, largestLead: 1n, timeInLead: 100 });
    expect(second).toEqual({ finalScore: 0n, highestScore: 0n, biggestGain: 0n, largestLead: 0n, timeInLead: 0 });
  });

  it('the first move is a gain from 0', () => {
    expect(computeStatistics([[5n, 3n], [0n, 0n]], 2).players[0].biggestGain).toBe(5n);
  });

  it('a player never ahead has no lead and no time in lead', () => {
    const second = computeStatistics([[1n, 1n, 2n, 2n], [0n, 1n, 1n, 2n]], 4).players[1];
    expect(second.largestLead).toBe(0n);
    expect(second.timeInLead).toBe(0);
  });

  it('rounds time in lead half up and down correctly', () => {
    // player 0 leads 1 of 3 moves (33.3%), player 1 leads 2 of 3 (66.7%)
    const [first, second] = computeStatistics([[1n, 1n, 1n], [0n, 2n, 2n]], 3).players;
    expect(first.timeInLead).toBe(33);
    expect(second.timeInLead).toBe(67);
  });

  it('large scores: largest lead and gain exact', () => {
    const [first, second] = computeStatistics([[1n, 1n, 6000n, 6000n], [0n, 4n, 4n, 12000n]], 4).players;
    expect(first.biggestGain).toBe(5999n);
    expect(first.largestLead).toBe(5996n);
    expect(second.largestLead).toBe(6000n);
    expect(second.biggestGain).toBe(11996n);
  });

  it('total moves come from the board, not from the history length', () => {
    expect(computeStatistics([[1n, 1n], [0n, 1n]], 7).totalMoves).toBe(7);
  });
});

describe('lead changes', () => {
  it('none when one player always leads', () => {
    expect(countLeadChanges([[1n, 1n, 2n, 2n], [0n, 0n, 1n, 1n]])).toBe(0);
  });

  it('a tie between two leads of the same player is no change', () => {
    expect(countLeadChanges([[1n, 1n, 2n], [0n, 1n, 1n]])).toBe(0);
  });

  it('a tie between leads of different players is one change', () => {
    expect(countLeadChanges([[1n, 1n, 1n], [0n, 1n, 2n]])).toBe(1);
  });

  it('several ties in a row do not reset who led last', () => {
    expect(countLeadChanges([[2n, 2n, 2n, 2n, 2n], [0n, 2n, 2n, 2n, 3n]])).toBe(1);
    expect(countLeadChanges([[2n, 2n, 2n, 3n], [0n, 2n, 2n, 2n]])).toBe(0);
  });

  it('a game of ties only has no leader and no change', () => {
    expect(countLeadChanges([[0n, 1n, 1n], [0n, 1n, 1n]])).toBe(0);
  });

  it('the first leader after opening ties is no change', () => {
    expect(countLeadChanges([[1n, 1n, 1n], [1n, 1n, 2n]])).toBe(0);
  });

  it('counts every flip', () => {
    expect(countLeadChanges([[1n, 1n, 3n, 3n, 5n, 5n], [0n, 2n, 2n, 4n, 4n, 6n]])).toBe(5);
  });

  it('compares only moves both histories record', () => {
    expect(countLeadChanges([[1n, 1n, 1n], [0n]])).toBe(0);
  });
});
