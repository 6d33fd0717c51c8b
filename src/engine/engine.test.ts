import { beforeAll, describe, expect, it } from 'vitest';
import { EngineError, type BoardState, type CellKey, type Engine } from './index';
import { loadEngine } from './load';

const board = (width: number, height: number, p0: string[], p1: string[] = []): BoardState => ({
  gridWidth: width,
  gridHeight: height,
  occupiedCells: [new Set(p0 as CellKey[]), new Set(p1 as CellKey[])],
});

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

describe('playing a move', () => {
  it('returns the new board with the cell added and leaves the old one as it was', () => {
    const before = board(4, 3, ['0-0'], ['3-2']);
    const result = engine.play(before, { gridX: 1, gridY: 0 }, 0, 'connection');
    expect(result.ok && [...result.board.occupiedCells[0]].sort()).toEqual(['0-0', '1-0']);
    expect(result.ok && [...result.board.occupiedCells[1]]).toEqual(['3-2']);
    expect(result.ok && result.scores).toEqual([2n, 1n]);
    expect([...before.occupiedCells[0]]).toEqual(['0-0']);
  });

  it('keeps every cell of a 16x16 board through the round trip into wasm memory', () => {
    const all: string[] = [];
    for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) if ((x + y) % 3 === 0) all.push(`${x}-${y}`);
    const result = engine.play(board(16, 16, all), { gridX: 14, gridY: 15 }, 1, 'extension');
    expect(result.ok && [...result.board.occupiedCells[0]].sort()).toEqual([...all].sort());
    expect(result.ok && [...result.board.occupiedCells[1]]).toEqual(['14-15']);
  });

  it('refuses off-grid cells, bad player indexes and occupied cells', () => {
    const b = board(3, 3, ['1-1']);
    expect(engine.play(b, { gridX: 3, gridY: 0 }, 0, 'connection')).toEqual({ ok: false, rejection: 'off-grid' });
    expect(engine.play(b, { gridX: -1, gridY: 0 }, 0, 'connection')).toEqual({ ok: false, rejection: 'off-grid' });
    expect(engine.play(b, { gridX: 0, gridY: 0 }, 2, 'connection')).toEqual({ ok: false, rejection: 'invalid-player' });
    expect(engine.play(b, { gridX: 0, gridY: 0 }, -1, 'connection')).toEqual({
      ok: false,
      rejection: 'invalid-player',
    });
    expect(engine.play(b, { gridX: 1, gridY: 1 }, 1, 'connection')).toEqual({ ok: false, rejection: 'occupied' });
  });
});

describe('malformed boards', () => {
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      return error instanceof EngineError ? error.code : String(error);
    }
    return 'no error';
  };

  it('are refused with a specific error code rather than scored', () => {
    expect(code(() => engine.scores(board(1, 5, []), 'connection'))).toBe('size-out-of-range');
    expect(code(() => engine.scores(board(5, 17, []), 'connection'))).toBe('size-out-of-range');
    expect(code(() => engine.scores(board(5, 5, ['5-0']), 'connection'))).toBe('cell-off-grid');
    for (const key of ['x', '-1-2', '1-', '-2', '1-2-3', '1.5-2', ' 1-2', '1-2 ', ''])
      expect(code(() => engine.scores(board(5, 5, [key]), 'connection')), key).toBe('bad-cell-key');
    expect(engine.scores(board(5, 5, ['01-2', '1-03']), 'connection')).toEqual(engine.scores(board(5, 5, ['1-2', '1-3']), 'connection'));
    expect(code(() => engine.scores(board(5, 5, ['2-2'], ['2-2']), 'connection'))).toBe('cell-owned-twice');
    expect(code(() => engine.scores(board(5, 5, []), 'sideways' as never))).toBe('unknown-mode');
  });

  it('gives a score past 2^64 with every digit', () => {
    // 25 separate 2x2 squares, each worth 8 under expansion: 8^25 = 2^75.
    const squares: string[] = [];
    for (const by of [0, 3, 6, 9, 12])
      for (const bx of [0, 3, 6, 9, 12])
        for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) squares.push(`${bx + dx}-${by + dy}`);
    expect(engine.scores(board(16, 16, squares), 'expansion')).toEqual([2n ** 75n, 0n]);
    expect(engine.score(board(16, 16, squares), 'expansion').scores).toEqual([2n ** 75n, 0n]);
    // The same board under connection is 4^25 = 2^50.
    expect(engine.scores(board(16, 16, squares), 'connection')).toEqual([2n ** 50n, 0n]);
  });

  it('refuses to search a hand-written board on which a score could pass 2^127', () => {
    // 200 cells of one player: no game gives anyone more than 128 on 16×16.
    const many: string[] = [];
    for (let i = 0; i < 200; i++) many.push(`${i % 16}-${Math.floor(i / 16)}`);
    const crowded = board(16, 16, many);
    expect(engine.scores(crowded, 'expansion')[0]).toBeGreaterThan(0n);
    expect(code(() => engine.predict(crowded, { gridX: 15, gridY: 15 }, 0, 'expansion'))).toBe('score-too-large');
    expect(code(() => engine.chooseMove({ board: crowded, player: 1, level: 'hard', mode: 'expansion', seed: 1 }))).toBe(
      'score-too-large',
    );
    expect(code(() => engine.solve({ board: crowded, player: 1, mode: 'expansion' }))).toBe('score-too-large');
  });
});
