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

/** The fixtures write scores and gains as JSON numbers, all well within 2^53: the engine answers them exactly, as bigint. */
const exact = (numbers: readonly number[]) => numbers.map((n) => BigInt(n));

function exactPrediction(expected: Record<string, unknown>) {
  const gain = (name: string) => BigInt(expected[name] as number);
  return { playerGain: gain('playerGain'), opponentGain: gain('opponentGain'), net: gain('net') };
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
        if (!expected) throw new Error(`${c.name} has no ${m} case`);
        expect(engine.score(board(c.board), m), m).toEqual({ scores: exact(expected.scores), groups: expected.groups });
        expect(engine.scores(board(c.board), m), m).toEqual(exact(expected.scores));
      }
    });
  }
});

describe('prediction fixtures', () => {
  for (const c of cases.predictions) {
    it(c.name, () => {
      const result = engine.predict(board(c.board), cell(c.cell), c.player, mode(c.mode));
      if ('rejection' in c.expected) expect(result).toEqual({ ok: false, rejection: c.expected.rejection });
      else expect(result).toEqual({ ok: true, prediction: exactPrediction(c.expected) });
    });
  }
});

describe('move fixtures', () => {
  for (const c of cases.moves) {
    it(c.name, () => {
      const result = engine.play(board(c.board), cell(c.cell), c.player, mode(c.mode));
      if ('rejection' in c.expected) expect(result).toEqual({ ok: false, rejection: c.expected.rejection });
      else expect(result.ok && result.scores).toEqual(exact(c.expected.scores as number[]));
    });
  }
});
