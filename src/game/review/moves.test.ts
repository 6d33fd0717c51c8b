/**
 * A move judged on exact values: the final score differences of 16×16 boards pass 2^64, where
 * floating point can no longer tell a margin from the next one; the judgement compares them as
 * whole numbers, so a move that gives away a single point is not the best.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoardState, CellKey, CellPosition, Engine, PlayerIndex } from '../../engine';
import { loadEngine } from '../../engine/load';
import type { ReplayStep } from '../replay';
import { analysePosition, type Analyst, type ExactPosition } from './analyse';
import { MARK_SYMBOLS, markInWords } from './judgement';
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

/**
 * A "!" only where the mover had a choice: the last free cell, or a solved endgame where every
 * legal move keeps the same final margin, is marked forced (no symbol), on the real engine.
 */
describe('a move without a choice', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await loadEngine();
  });
  const analyst = (): Analyst => ({
    solve: async (request) => engine.solve(request),
    think: async (request) => engine.chooseMove(request),
  });

  /** A 4×4 board filled row by row, players alternating, all but the cells in `free`. */
  function filled(free: readonly string[]): { board: BoardState; mover: PlayerIndex } {
    const cells: [Set<CellKey>, Set<CellKey>] = [new Set(), new Set()];
    let player: PlayerIndex = 0;
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 4; x++) {
        const key: CellKey = `${x}-${y}`;
        if (free.includes(key)) continue;
        cells[player].add(key);
        player = player === 0 ? 1 : 0;
      }
    }
    return { board: { gridWidth: 4, gridHeight: 4, occupiedCells: cells }, mover: player };
  }

  const stepOf = (board: BoardState, cell: CellPosition, player: PlayerIndex): ReplayStep => {
    const next = engine.play(board, cell, player, 'expansion');
    if (!next.ok) throw new Error(next.rejection);
    return { board: next.board, scores: next.scores, move: cell, player };
  };

  it('marks the last free cell forced, never best', async () => {
    const { board, mover } = filled(['3-3']);
    const cell = { gridX: 3, gridY: 3 };
    const before = await analysePosition(analyst(), { board, scores: [0n, 0n], move: null, player: null }, 15, mover, cell, 'expansion');
    expect(before.forced).toBe(true);
    const step = stepOf(board, cell, mover);
    const after = await analysePosition(analyst(), step, 16, null, null, 'expansion');
    const move = judgeMove(step, 16, before, after)!;
    expect(move.mark).toBe('forced');
    expect(MARK_SYMBOLS[move.mark]).toBe('');
    expect(markInWords(move.mark)).toBe('forced move');
  });

  /** The move `cell` from the board with `free` left, both positions analysed, judged. */
  async function judged(free: readonly string[], cell: CellPosition) {
    const { board, mover } = filled(free);
    const at = 16 - free.length;
    const before = await analysePosition(analyst(), { board, scores: [0n, 0n], move: null, player: null }, at, mover, cell, 'expansion');
    const step = stepOf(board, cell, mover);
    const after = await analysePosition(analyst(), step, at + 1, mover === 0 ? 1 : 0, null, 'expansion');
    return judgeMove(step, at + 1, before, after)!;
  }

  it('marks a move forced when every legal move loses by the same exact margin', async () => {
    // a4, b4, a3 free, Player 2 to move: each loses by 8.
    expect(engine.solve({ ...filled(['0-0', '1-0', '0-1']), player: 1, mode: 'expansion' })!.cells.map(({ value }) => value)).toEqual([-8n, -8n, -8n]);
    expect((await judged(['0-0', '1-0', '0-1'], { gridX: 1, gridY: 0 })).mark).toBe('forced');
  });

  it('still marks the best of moves worth different margins best, and a worse one by what it lost', async () => {
    // a4, b4, b3 free, Player 2 to move: b3 loses by 4, the others by 8.
    const best = await judged(['0-0', '1-0', '1-1'], { gridX: 1, gridY: 1 });
    expect(best.mark).toBe('best');
    const worse = await judged(['0-0', '1-0', '1-1'], { gridX: 0, gridY: 0 });
    expect(worse).toMatchObject({ mark: 'good', exactLoss: 4n });
  });

  it('judges an exact position with a real choice as before: the best move best', () => {
    const [before, after] = positions(big, big);
    expect(judgeMove(step, 241, { ...before, forced: false }, after)!.mark).toBe('best');
    expect(judgeMove(step, 241, { ...before, forced: true }, after)!.mark).toBe('forced');
  });
});
