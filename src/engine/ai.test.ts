/**
 * The computer opponent through engine.wasm: what the game, the AI server and the
 * arena rely on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AI_LEVELS, EngineError, type BoardState, type CellKey, type Engine } from './index';
import { loadEngine } from './load';

const board = (side: number, p0: string[], p1: string[] = []): BoardState => ({
  gridWidth: side,
  gridHeight: side,
  occupiedCells: [new Set(p0 as CellKey[]), new Set(p1 as CellKey[])],
});
const example = board(5, ['0-0', '1-0', '0-1', '1-1', '4-0', '4-1', '4-2'], ['0-4', '1-4', '2-4', '3-4', '4-4', '2-1', '2-2']);
const isFree = (b: BoardState, x: number, y: number) =>
  !b.occupiedCells[0].has(`${x}-${y}`) && !b.occupiedCells[1].has(`${x}-${y}`) && x < b.gridWidth && y < b.gridHeight;

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

describe('chooseMove', () => {
  it('gives every level a free cell, for either player, the same again from the same seed', () => {
    for (const level of AI_LEVELS) {
      for (const player of [0, 1] as const) {
        const request = { board: example, player, level, mode: 'expansion', seed: 12, nodeLimit: 4000 } as const;
        const move = engine.chooseMove(request);
        expect(move && isFree(example, move.cell.gridX, move.cell.gridY), `${level} ${player}`).toBe(true);
        expect(engine.chooseMove(request)?.cell).toEqual(move?.cell);
      }
    }
  });

  it("reports Expert's search: depth, nodes within the limit, and a line that starts with the move", () => {
    const move = engine.chooseMove({ board: example, player: 0, level: 'expert', mode: 'connection', seed: 1, nodeLimit: 20_000 });
    expect(move?.stats.depth).toBeGreaterThanOrEqual(2);
    expect(move?.stats.nodes).toBeLessThanOrEqual(20_000);
    expect(move?.stats.principalVariation[0]).toEqual(move?.cell);
    const line = move?.stats.principalVariation.map((c) => `${c.gridX}-${c.gridY}`) ?? [];
    expect(new Set(line).size).toBe(line.length);
  });

  it('gives the same Expert move for a node budget whatever the engine searched before (a record replays)', () => {
    // 8 free cells: within the solver's reach, whose table would otherwise keep the proof of a
    // bigger search and finish where a fresh engine cannot (here 3-5 instead of 0-2).
    const endgame = board(
      6,
      ['4-0', '5-0', '2-1', '1-2', '2-2', '1-3', '4-3', '5-3', '0-4', '2-4', '3-4', '0-5', '1-5', '4-5', '5-5'],
      ['0-0', '1-0', '3-0', '0-1', '1-1', '4-1', '3-2', '4-2', '2-3', '3-3', '4-4', '5-4', '2-5'],
    );
    const request = { board: endgame, player: 0, level: 'expert', mode: 'connection', seed: 5, nodeLimit: 2000 } as const;
    const first = engine.chooseMove(request);
    engine.chooseMove({ ...request, nodeLimit: 2_000_000 });
    const again = engine.chooseMove(request);
    expect(again?.cell).toEqual(first?.cell);
    expect(again?.stats.nodes).toBe(first?.stats.nodes);
  });

  it('has no move on a full board, and refuses an unknown level', () => {
    const full = board(2, ['0-0', '1-1'], ['1-0', '0-1']);
    expect(engine.chooseMove({ board: full, player: 0, level: 'hard', mode: 'connection', seed: 1 })).toBeNull();
    const bad = () => engine.chooseMove({ board: example, player: 0, level: 'master' as never, mode: 'connection', seed: 1 });
    expect(bad).toThrow(EngineError);
    expect(bad).toThrow('unknown AI level "master": expected easy, medium, hard, expert');
  });
});

describe('evaluateCells', () => {
  it("gives each free cell the hold-and-drag prediction and the spec's evaluation", () => {
    const evaluations = engine.evaluateCells(example, 0, 'connection');
    expect(evaluations).toHaveLength(25 - 14);
    const cell30 = evaluations.find((e) => e.cell.gridX === 3 && e.cell.gridY === 0);
    expect(cell30?.prediction).toEqual({ playerGain: 4n, opponentGain: 5n, net: -1n });
    // Green takes 3-0: 16 - 10 = 6, plus 0.5 × mean size (4) − 0.3 × blue's largest (5) = 6.5.
    expect(cell30?.value).toBeCloseTo(6.5, 10);
  });
});

describe('resolveMove (SPEC §8 fallbacks)', () => {
  it('keeps a valid cell, replaces an invalid one by the first free cell, picks at random without one', () => {
    expect(engine.resolveMove(example, { gridX: 3, gridY: 3 }, 1)).toEqual({ gridX: 3, gridY: 3 });
    expect(engine.resolveMove(example, { gridX: 0, gridY: 0 }, 1)).toEqual({ gridX: 2, gridY: 0 });
    expect(engine.resolveMove(example, { gridX: 7, gridY: -2 }, 1)).toEqual({ gridX: 2, gridY: 0 });
    expect(engine.resolveMove(example, { gridX: 1.5, gridY: 2 ** 40 }, 1)).toEqual({ gridX: 2, gridY: 0 });
    const random = engine.resolveMove(example, null, 8);
    expect(random && isFree(example, random.gridX, random.gridY)).toBe(true);
    expect(engine.resolveMove(example, null, 8)).toEqual(random);
    expect(engine.resolveMove(board(2, ['0-0', '1-1'], ['1-0', '0-1']), null, 8)).toBeNull();
  });
});

describe('playArenaGame', () => {
  it('plays a whole game, every cell taken, each move timed', () => {
    const record = engine.playArenaGame({ size: 6, mode: 'extension', levels: ['medium', 'easy'], seed: 3 });
    expect(record.moveMs[0]).toHaveLength(18);
    expect(record.moveMs[1]).toHaveLength(18);
    expect(record.scores.every((s) => s >= 1n)).toBe(true);
    expect(engine.playArenaGame({ size: 6, mode: 'extension', levels: ['medium', 'easy'], seed: 3 }).scores).toEqual(record.scores);
  });
});
