/**
 * A move judged on exact values: the final score differences of 16×16 boards pass 2^64, where
 * floating point can no longer tell a margin from the next one; the judgement compares them as
 * whole numbers, so a move that gives away a single point is not the best.
 */
import { describe, expect, it } from 'vitest';
import type { BoardState, CellKey } from '../../engine';
import type { ReplayStep } from '../replay';
import type { ExactPosition } from './analyse';
import { judgeMove } from './moves';

const board: BoardState = { gridWidth: 16, gridHeight: 16, occupiedCells: [new Set<CellKey>(), new Set<CellKey>()] };
const b4 = { gridX: 1, gridY: 12 };
const c4 = { gridX: 2, gridY: 12 };
const step: ReplayStep = { board, scores: [0n, 0n], move: c4, player: 0 };
const big = 2n ** 96n;

/** Player 1 to move, best play worth `best`; after the move Player 2 is to move, Player 1's final difference `played`. */
function positions(best: bigint, played: bigint): [ExactPosition, ExactPosition] {
  return [
    { step: 240, mover: 0, exact: true, value: best, chance: 1, best: b4, afterBest: null },
    { step: 241, mover: 1, exact: true, value: -played, chance: -1, best: null, afterBest: null },
  ];
}

describe('an exact judgement on 16×16 margins', () => {
  it('marks a move one point short of the best play, past 2^96, as not the best, with the exact point lost', () => {
    const [before, after] = positions(big + 1n, big);
    expect(Number(big + 1n)).toBe(Number(big)); // as floats the two margins are one
    const move = judgeMove(step, 241, before, after)!;
    expect(move.mark).toBe('good');
    expect(move.exactLoss).toBe(1n);
    expect(move.best).toEqual(b4);
  });

  it('marks a move that keeps the best play’s margin best, and a won margin thrown to a loss by 2^97 a blunder', () => {
    expect(judgeMove(step, 241, ...positions(big, big))!).toMatchObject({ mark: 'best', exactLoss: 0n });
    const thrown = judgeMove(step, 241, ...positions(big, -big))!;
    expect(thrown.mark).toBe('blunder');
    expect(thrown.exactLoss).toBe(2n * big);
  });
});
