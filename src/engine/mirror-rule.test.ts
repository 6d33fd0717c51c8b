/**
 * The mirror rule ("No mirroring") through engine.wasm: a copying move is refused
 * with its reason, and no level, fallback or solve ever proposes one, while
 * without the rule the same calls behave as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from './load';
import type { BoardState, CellKey, Engine, PlayerIndex } from './index';

const board = (side: number, p0: string[], p1: string[] = []): BoardState => ({
  gridWidth: side,
  gridHeight: side,
  occupiedCells: [new Set(p0 as CellKey[]), new Set(p1 as CellKey[])],
});

/** The images of cell `x-y` of a `side`-wide board under the rule's five symmetries. */
const images = (side: number, x: number, y: number): CellKey[] => {
  const last = side - 1;
  return [
    `${last - x}-${last - y}`,
    `${last - x}-${y}`,
    `${x}-${last - y}`,
    `${y}-${x}`,
    `${last - y}-${last - x}`,
  ];
};

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

describe('the mirror rule in the engine', () => {
  it('refuses each symmetric copy of the first move, and only under the rule', () => {
    // 6×6, the first player took c2 (x 2, y 1): all five images are distinct and free.
    const position = board(6, ['2-1']);
    for (const key of images(6, 2, 1)) {
      const [gridX, gridY] = key.split('-').map(Number) as [number, number];
      const ruled = engine.play(position, { gridX, gridY }, 1, 'connection', { mirrorRule: true });
      expect(ruled).toEqual({ ok: false, rejection: 'mirroring' });
      expect(engine.play(position, { gridX, gridY }, 1, 'connection').ok).toBe(true);
    }
    // Any other cell is fine; only the move that evens the count can copy, whichever index makes it.
    expect(engine.play(position, { gridX: 0, gridY: 0 }, 1, 'connection', { mirrorRule: true }).ok).toBe(true);
    expect(engine.play(board(6, ['0-0'], ['5-5']), { gridX: 3, gridY: 4 }, 0, 'connection', { mirrorRule: true }).ok).toBe(true);
    expect(engine.play(board(6, [], ['2-1']), { gridX: 3, gridY: 4 }, 0, 'connection', { mirrorRule: true }).ok).toBe(false);
  });

  it('allows a copy when it is the only move left', () => {
    // 2×2: the first player holds a1 and b2, the second b1; a2 copies the first player flipped left to right.
    const ruled = engine.play(board(2, ['0-0', '1-1'], ['1-0']), { gridX: 0, gridY: 1 }, 1, 'connection', { mirrorRule: true });
    expect(ruled.ok).toBe(true);
  });

  it('no level answers a first move with its copy under the rule; Expert copies without it', () => {
    const position = board(8, ['1-2']);
    const copies = new Set(images(8, 1, 2));
    const request = { board: position, player: 1 as PlayerIndex, mode: 'connection' as const, seed: 4, nodeLimit: 20_000 };
    for (const level of ['easy', 'medium', 'hard', 'expert'] as const) {
      const move = engine.chooseMove({ ...request, level, mirrorRule: true });
      expect(copies.has(`${move!.cell.gridX}-${move!.cell.gridY}`), level).toBe(false);
    }
    const unruled = engine.chooseMove({ ...request, level: 'expert' });
    expect(`${unruled!.cell.gridX}-${unruled!.cell.gridY}`).toBe('6-5');
  });

  it("the solver values and proposes only the moves the rule allows, and the fallback keeps to it", () => {
    // 4×4 mirrored under the half turn, then the first player's move: its copy (the half-turn image) is refused.
    const position = board(4, ['0-0', '1-0', '2-1', '1-3'], ['3-3', '2-3', '1-2']);
    const solved = engine.solve({ board: position, player: 1, mode: 'expansion', mirrorRule: true, nodeLimit: 5_000_000 });
    expect(solved).not.toBeNull();
    const keys = solved!.cells.map(({ cell }) => `${cell.gridX}-${cell.gridY}`);
    expect(keys).not.toContain('2-0');
    expect(keys).toHaveLength(8);
    expect(`${solved!.best.gridX}-${solved!.best.gridY}`).not.toBe('2-0');
    const unruled = engine.solve({ board: position, player: 1, mode: 'expansion', nodeLimit: 5_000_000 });
    expect(unruled!.cells.map(({ cell }) => `${cell.gridX}-${cell.gridY}`)).toContain('2-0');
    const mover = { player: 1 as PlayerIndex, mode: 'expansion' as const, mirrorRule: true };
    expect(engine.resolveMove(position, { gridX: 2, gridY: 0 }, 1, mover)).not.toEqual({ gridX: 2, gridY: 0 });
    expect(engine.resolveMove(position, { gridX: 2, gridY: 0 }, 1)).toEqual({ gridX: 2, gridY: 0 });
    const evaluated = engine.evaluateCells(position, 1, 'expansion', { mirrorRule: true });
    expect(evaluated.map(({ cell }) => `${cell.gridX}-${cell.gridY}`)).not.toContain('2-0');
  });
});
