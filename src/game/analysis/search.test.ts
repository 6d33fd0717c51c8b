/**
 * The analysis board's engine work with the real engine: a first answer, then deeper rounds,
 * three best moves each with a value for the mover; the solver's exact margins near the end,
 * agreeing with the solver's own best value; and under No mirroring a copying move never listed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoardState, CellKey, Engine } from '../../engine';
import { loadEngine } from '../../engine/load';
import { analysePosition, type AnalysisUpdate, type SearchPlan } from './search';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const PLAN: SearchPlan = { rounds: [{ cells: Infinity, nodes: 2_000 }, { cells: 4, nodes: 20_000 }], solveFromFree: 10, solveMs: 5_000 };

function board(side: number, green: string[], blue: string[]): BoardState {
  return { gridWidth: side, gridHeight: side, occupiedCells: [new Set(green as CellKey[]), new Set(blue as CellKey[])] };
}

const updates = (...args: Parameters<typeof analysePosition>) => [...analysePosition(...args)].filter((update): update is AnalysisUpdate => update !== null);

describe('the analysis of one position', () => {
  it('answers after the first round, then deepens, ending with three estimated moves', () => {
    const all = updates(engine, { board: board(6, ['2-2', '3-3'], ['2-3', '3-2']), player: 0, mode: 'connection', mirrorRule: false }, PLAN);
    expect(all.map((update) => [update.round, update.done])).toEqual([
      [1, false],
      [2, true],
    ]);
    const last = all.at(-1)!;
    expect(last.exact).toBe(false);
    expect(last.top).toHaveLength(3);
    const values = last.top.map((candidate) => Number(candidate.value));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    const cells = new Set(last.top.map(({ cell }) => `${cell.gridX}-${cell.gridY}`));
    expect(cells.size).toBe(3);
    for (const taken of ['2-2', '3-3', '2-3', '3-2']) expect(cells.has(taken)).toBe(false);
    // Each move comes with the replies Expert expects: free cells, none the move itself.
    for (const { cell, line } of last.top) {
      expect(line.length).toBeGreaterThan(0);
      const keys = line.map((next) => `${next.gridX}-${next.gridY}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).not.toContain(`${cell.gridX}-${cell.gridY}`);
      for (const taken of ['2-2', '3-3', '2-3', '3-2']) expect(keys).not.toContain(taken);
    }
    expect(last.nodes).toBeGreaterThan(0);
  });

  it('proves the result near the end: exact margins, the first the solver’s own value', () => {
    const green = ['0-0', '1-0', '2-0', '0-1', '1-1', '0-2', '1-2'];
    const blue = ['3-0', '2-1', '3-1', '2-2', '3-2', '0-3', '1-3'];
    const position = { board: board(4, green, blue), player: 0 as const, mode: 'connection' as const, mirrorRule: false };
    const all = updates(engine, position, PLAN);
    const last = all.at(-1)!;
    expect(all[0]!.exact).toBe(false); // the first answer comes before the proof
    expect(last).toMatchObject({ done: true, exact: true });
    expect(last.top).toHaveLength(2); // two free cells: two moves
    const solved = engine.solve({ board: position.board, player: 0, mode: 'connection' })!;
    expect(last.top[0]!.value).toBe(solved.value);
  });

  it('lists no move that No mirroring refuses', () => {
    // Blue took a1; d4 would copy it by the half turn, so Green may not answer there.
    const position = { board: board(4, [], ['0-3']), player: 0 as const, mode: 'connection' as const, mirrorRule: true };
    const firstRound = updates(engine, position, { ...PLAN, solveFromFree: 0 })[0]!;
    expect(firstRound.top.some(({ cell }) => cell.gridX === 3 && cell.gridY === 0)).toBe(false);
    const solved = updates(engine, position, { ...PLAN, solveFromFree: 16 }).at(-1)!;
    if (solved.exact) expect(solved.top.some(({ cell }) => cell.gridX === 3 && cell.gridY === 0)).toBe(false);
  });

  it('says a full board has no moves', () => {
    const full = board(2, ['0-0', '1-1'], ['1-0', '0-1']);
    expect(updates(engine, { board: full, player: 0, mode: 'connection', mirrorRule: false }, PLAN)).toEqual([{ round: 1, done: true, exact: true, top: [], nodes: 0 }]);
  });
});
