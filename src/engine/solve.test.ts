/**
 * The exact endgame solver through engine.wasm and the AI worker: what the
 * post-game review and the AI server rely on. Checked against a minimax over
 * every remaining move, scored by the engine's rules.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from './load';
import { Thinker } from './thinker';
import { spawnNodeWorker } from './worker-node';
import type { BoardState, CellKey, Engine, PlayerIndex, ScoringMechanism } from './index';

const board = (side: number, p0: string[], p1: string[] = []): BoardState => ({
  gridWidth: side,
  gridHeight: side,
  occupiedCells: [new Set(p0 as CellKey[]), new Set(p1 as CellKey[])],
});

const freeKeys = (b: BoardState): CellKey[] => {
  const keys: CellKey[] = [];
  for (let y = 0; y < b.gridHeight; y++) {
    for (let x = 0; x < b.gridWidth; x++) {
      const key: CellKey = `${x}-${y}`;
      if (!b.occupiedCells[0].has(key) && !b.occupiedCells[1].has(key)) keys.push(key);
    }
  }
  return keys;
};

const taking = (b: BoardState, key: CellKey, player: PlayerIndex): BoardState => {
  const cells: [Set<CellKey>, Set<CellKey>] = [new Set(b.occupiedCells[0]), new Set(b.occupiedCells[1])];
  cells[player].add(key);
  return { ...b, occupiedCells: cells };
};

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/** The mover's final score difference with best play, exact, trying every move. */
function minimax(b: BoardState, player: PlayerIndex, mode: ScoringMechanism): bigint {
  const free = freeKeys(b);
  if (free.length === 0) {
    const scores = engine.scores(b, mode);
    return scores[player] - scores[player === 0 ? 1 : 0];
  }
  const other: PlayerIndex = player === 0 ? 1 : 0;
  return free.map((key) => -minimax(taking(b, key, player), other, mode)).reduce((best, value) => (value > best ? value : best));
}

// A 4×4 game with six cells left.
const endgame = board(4, ['0-0', '1-0', '3-1', '0-2', '2-3'], ['2-0', '1-1', '2-1', '3-3', '0-3']);

describe('solve', () => {
  it('gives the exact final difference with best play, and every free cell its exact value', () => {
    for (const mode of ['connection', 'expansion', 'extension'] as const) {
      for (const player of [0, 1] as const) {
        const solved = engine.solve({ board: endgame, player, mode });
        expect(solved, `${mode} ${player}`).not.toBeNull();
        expect(solved!.value).toBe(minimax(endgame, player, mode));
        const other: PlayerIndex = player === 0 ? 1 : 0;
        const keys = solved!.cells.map(({ cell }) => `${cell.gridX}-${cell.gridY}`);
        expect(keys.sort()).toEqual(freeKeys(endgame).sort());
        for (const { cell, value } of solved!.cells) {
          expect(value).toBe(-minimax(taking(endgame, `${cell.gridX}-${cell.gridY}`, player), other, mode));
        }
        const best = solved!.cells.find(({ cell }) => cell.gridX === solved!.best.gridX && cell.gridY === solved!.best.gridY);
        expect(best?.value).toBe(solved!.value);
      }
    }
  });

  it('with bestOnly, gives the same exact value and a move that keeps it, without the cells', () => {
    for (const mode of ['connection', 'expansion', 'extension'] as const) {
      for (const player of [0, 1] as const) {
        const best = engine.solve({ board: endgame, player, mode, bestOnly: true });
        expect(best?.value, `${mode} ${player}`).toBe(minimax(endgame, player, mode));
        expect(best?.cells).toEqual([]);
        const other: PlayerIndex = player === 0 ? 1 : 0;
        expect(-minimax(taking(endgame, `${best!.best.gridX}-${best!.best.gridY}`, player), other, mode)).toBe(best!.value);
      }
    }
  });

  it('answers null beyond its reach and on a full board', () => {
    expect(engine.solve({ board: board(10, []), player: 0, mode: 'connection', nodeLimit: 2000 })).toBeNull();
    expect(engine.solve({ board: board(2, ['0-0', '1-1'], ['1-0', '0-1']), player: 0, mode: 'connection' })).toBeNull();
  });
});

let thinker: Thinker | undefined;
afterEach(() => thinker?.dispose());

describe('solve in the AI worker', () => {
  it('answers what the engine answers on the main thread', async () => {
    thinker = new Thinker(spawnNodeWorker);
    const request = { board: endgame, player: 1, mode: 'expansion' } as const;
    // Nodes aside: the main thread's solver remembers this position from the tests above.
    const { nodes: _inWorker, ...inWorker } = (await thinker.solve(request))!;
    const { nodes: _direct, ...direct } = engine.solve(request)!;
    expect(inWorker).toEqual(direct);
    expect(await thinker.solve({ ...request, board: board(10, []), nodeLimit: 2000 })).toBeNull();
  });
});
