/**
 * The shared fixtures (tests/fixtures/engine-cases.json) through the wasm build:
 * cargo test runs the same cases natively, so Rust and TypeScript agree.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseBoardState, parseScoringMechanism, type BoardState, type CellPosition, type Engine } from '../src/engine';
import { loadEngine } from '../src/engine/load';

interface Case {
  name: string;
  board: unknown;
  mode: string;
  cell: string;
  player: number;
  expected: Record<string, unknown>;
}

const cases = JSON.parse(readFileSync(new URL('./fixtures/engine-cases.json', import.meta.url), 'utf8')) as {
  scoring: ({ name: string; board: unknown } & Record<string, { scores: number[]; groups: number[][] }>)[];
  predictions: Case[];
  moves: Case[];
};

function board(json: unknown): BoardState {
  const parsed = parseBoardState(json);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

function mode(name: string) {
  const parsed = parseScoringMechanism(name);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

function cell(key: string): CellPosition {
  const [gridX, gridY] = key.split('-').map(Number);
  return { gridX: gridX ?? -1, gridY: gridY ?? -1 };
}

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

describe('scoring fixtures', () => {
  for (const c of cases.scoring) {
    it(c.name, () => {
      for (const m of ['connection', 'expansion', 'extension'] as const) {
        const expected = c[m];
        expect(engine.score(board(c.board), m), m).toEqual(expected);
        expect(engine.scores(board(c.board), m), m).toEqual(expected?.scores);
      }
    });
  }
});

describe('prediction fixtures', () => {
  for (const c of cases.predictions) {
    it(c.name, () => {
      const result = engine.predict(board(c.board), cell(c.cell), c.player, mode(c.mode));
      if ('rejection' in c.expected) expect(result).toEqual({ ok: false, rejection: c.expected.rejection });
      else expect(result).toEqual({ ok: true, prediction: c.expected });
    });
  }
});

describe('move fixtures', () => {
  for (const c of cases.moves) {
    it(c.name, () => {
      const result = engine.play(board(c.board), cell(c.cell), c.player, mode(c.mode));
      if ('rejection' in c.expected) expect(result).toEqual({ ok: false, rejection: c.expected.rejection });
      else expect(result.ok && result.scores).toEqual(c.expected.scores);
    });
  }
});
