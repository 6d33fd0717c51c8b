/**
 * Expert's learned evaluation through engine.wasm: the committed net values the
 * positions its training wrote down (engine-rs/src/ai/nnue/known-values.txt, the
 * same file the native tests read) to the same integers, so the page and the
 * native engine agree to the bit; and the arena's classic Expert is a seat of its own.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from './load';
import type { BoardState, CellKey, Engine, ScoringMechanism } from './index';

const MODES: ScoringMechanism[] = ['connection', 'expansion', 'extension'];
const known = readFileSync(new URL('../../engine-rs/src/ai/nnue/known-values.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));

/** A known line's board, the mover as player 0 (cell = y × side + x). */
function knownBoard(line: string): { board: BoardState; mode: ScoringMechanism; units: number } {
  const [side, mode, units, mover, other] = line.split(' ');
  const keys = (field: string | undefined): Set<CellKey> =>
    new Set(field === '-' || !field ? [] : field.split(',').map((c) => `${Number(c) % Number(side)}-${Math.floor(Number(c) / Number(side))}` as CellKey));
  return {
    board: { gridWidth: Number(side), gridHeight: Number(side), occupiedCells: [keys(mover), keys(other)] },
    mode: MODES[Number(mode)]!,
    units: Number(units),
  };
}

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

describe('the learned evaluation in wasm', () => {
  it('values every known position exactly as the native engine does', () => {
    expect(known.length).toBeGreaterThan(10);
    for (const line of known) {
      const { board, mode, units } = knownBoard(line);
      const value = engine.learnedValue(board, 0, mode);
      expect(value?.units, line).toBe(units);
      expect(value!.logOdds).toBeCloseTo(units / (255 * 64), 12);
    }
  });

  it('leaves boards it does not know to the classic evaluation', () => {
    const oblong: BoardState = { gridWidth: 8, gridHeight: 6, occupiedCells: [new Set(), new Set()] };
    expect(engine.learnedValue(oblong, 0, 'connection')).toBeNull();
  });
});

describe('the arena seats classic Expert', () => {
  it('plays a whole reproducible game against the learned Expert under the mirror rule', () => {
    const setup = { size: 6, mode: 'connection' as const, levels: ['expert', 'expert-classic'] as const, seed: 3, nodeLimit: 2000, mirrorRule: true, opening: 2 };
    const first = engine.playArenaGame({ ...setup, levels: [...setup.levels] });
    const again = engine.playArenaGame({ ...setup, levels: [...setup.levels] });
    expect(first.scores).toEqual(again.scores);
    expect(first.moveMs[0].length + first.moveMs[1].length).toBe(36);
  });
});
