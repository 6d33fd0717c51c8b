import { describe as suite, expect, it } from 'vitest';
import { describe, MAX_SEED, parseAiPayload } from './payload';

const boardState = {
  occupiedCells: [['0-0', '1-0'], ['0-4']],
  gridWidth: 5,
  gridHeight: 5,
};
const valid = { boardState, currentPlayer: 1, model: 'hard', scoringMechanism: 'expansion' };
const fixedSeed = () => 42;

function error(input: unknown): string {
  const parsed = parseAiPayload(input, fixedSeed);
  if (parsed.ok) throw new Error(`expected a failure for ${JSON.stringify(input)}`);
  return parsed.error;
}

suite('parseAiPayload', () => {
  it('parses a valid payload into typed values, with the default seed and time budget', () => {
    const parsed = parseAiPayload(valid, fixedSeed);
    expect(parsed).toEqual({
      ok: true,
      value: {
        board: { occupiedCells: [new Set(['0-0', '1-0']), new Set(['0-4'])], gridWidth: 5, gridHeight: 5 },
        player: 1,
        level: 'hard',
        mode: 'expansion',
        seed: 42,
        timeMs: 1000,
        mirrorRule: false,
      },
    });
  });

  it('takes "mirrorRule": true, and refuses anything but a boolean there', () => {
    const ruled = parseAiPayload({ ...valid, mirrorRule: true }, fixedSeed);
    expect(ruled.ok && ruled.value.mirrorRule).toBe(true);
    expect(parseAiPayload({ ...valid, mirrorRule: 'yes' }, fixedSeed)).toEqual({ ok: false, error: 'mirrorRule must be true or false, got "yes"' });
  });

  it('keeps a given seed and time budget, and treats null as absent', () => {
    const given = parseAiPayload({ ...valid, seed: MAX_SEED, timeMs: 60_000 }, fixedSeed);
    expect(given.ok && [given.value.seed, given.value.timeMs]).toEqual([MAX_SEED, 60_000]);
    const zero = parseAiPayload({ ...valid, seed: 0, timeMs: 1 }, fixedSeed);
    expect(zero.ok && [zero.value.seed, zero.value.timeMs]).toEqual([0, 1]);
    const nulls = parseAiPayload({ ...valid, seed: null, timeMs: null }, fixedSeed);
    expect(nulls.ok && [nulls.value.seed, nulls.value.timeMs]).toEqual([42, 1000]);
  });

  it('draws a random uint32 seed when none is given', () => {
    const seeds = Array.from({ length: 20 }, () => {
      const parsed = parseAiPayload(valid);
      return parsed.ok ? parsed.value.seed : -1;
    });
    for (const seed of seeds) expect(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED).toBe(true);
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('accepts every level and ignores unknown extra fields', () => {
    for (const model of ['easy', 'medium', 'hard', 'expert']) {
      expect(parseAiPayload({ ...valid, model, extra: true }, fixedSeed).ok, model).toBe(true);
    }
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, [], 'move', 3]) expect(error(body)).toMatch(/^request body must be a JSON object, got /);
  });

  it('names a missing field', () => {
    const without = (name: string) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== name));
    expect(error(without('boardState'))).toMatch(/^boardState is missing/);
    expect(error(without('currentPlayer'))).toBe('currentPlayer is missing: expected 0 or 1');
    expect(error(without('model'))).toBe('model is missing: expected one of easy, medium, hard, expert');
    expect(error(without('scoringMechanism'))).toBe('scoringMechanism is missing: expected connection, expansion or extension');
  });

  it('passes on the board parser’s message, prefixed with the field', () => {
    expect(error({ ...valid, boardState: 'x' })).toBe('boardState: expected a board state object');
    expect(error({ ...valid, boardState: { ...boardState, gridWidth: 17 } })).toBe('boardState: board size 17x5 is outside 2..16 on a side');
    expect(error({ ...valid, boardState: { ...boardState, occupiedCells: [['0-0'], ['0-0']] } })).toBe(
      'boardState: cell 0-0 is owned by both players',
    );
    expect(error({ ...valid, boardState: { ...boardState, occupiedCells: [['9-9'], []] } })).toBe(
      'boardState: cell 9-9 of player 0 is off the 5x5 grid',
    );
  });

  it('refuses a player other than the numbers 0 and 1', () => {
    for (const player of [2, -1, '0', 0.5, true]) {
      expect(error({ ...valid, currentPlayer: player })).toBe(`currentPlayer must be 0 or 1, got ${JSON.stringify(player)}`);
    }
  });

  it('refuses unknown models, case-sensitively', () => {
    expect(error({ ...valid, model: 'x' })).toBe('unknown model "x": expected one of easy, medium, hard, expert');
    expect(error({ ...valid, model: 'Easy' })).toBe('unknown model "Easy": expected one of easy, medium, hard, expert');
    expect(error({ ...valid, model: 3 })).toBe('unknown model 3: expected one of easy, medium, hard, expert');
  });

  it('refuses an unknown scoring mechanism', () => {
    expect(error({ ...valid, scoringMechanism: 'sideways' })).toBe(
      'unknown scoring mechanism "sideways": expected connection, expansion or extension',
    );
  });

  it('refuses seeds and time budgets out of range or not whole', () => {
    for (const seed of [-1, MAX_SEED + 1, 1.5, '7']) {
      expect(error({ ...valid, seed })).toBe(`seed must be a whole number from 0 to ${MAX_SEED}, got ${JSON.stringify(seed)}`);
    }
    for (const timeMs of [0, 60_001, 2.5, '100']) {
      expect(error({ ...valid, timeMs })).toBe(`timeMs must be a whole number from 1 to 60000, got ${JSON.stringify(timeMs)}`);
    }
  });

  it('does not read fields through the prototype', () => {
    const inherited = Object.create({ ...valid }) as object;
    expect(error(inherited)).toMatch(/^boardState is missing/);
  });
});

suite('describe', () => {
  it('shortens long values so a message stays readable', () => {
    expect(describe('x'.repeat(500))).toHaveLength(60);
    expect(describe(undefined)).toBe('undefined');
  });
});
