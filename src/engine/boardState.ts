/**
 * Parsing untrusted board states (JSON from a file, a socket, a request) into
 * typed values, once, at the edge. Every problem gets one specific message.
 */
import type { BoardState, CellKey, ScoringMechanism } from './types';
import { MAX_SIDE, MIN_SIDE, SCORING_MECHANISMS } from './types';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

const KEY = /^(\d+)-(\d+)$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseSide(value: unknown, name: string): Parsed<number> {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return fail(`${name} must be a whole number from ${MIN_SIDE} to ${MAX_SIDE}, got ${JSON.stringify(value) ?? 'nothing'}`);
  }
  return { ok: true, value };
}

/** A scoring mechanism by its spec name. */
export function parseScoringMechanism(value: unknown): Parsed<ScoringMechanism> {
  const known = SCORING_MECHANISMS.find((mode) => mode === value);
  if (known) return { ok: true, value: known };
  return fail(`unknown scoring mechanism ${JSON.stringify(value) ?? 'nothing'}: expected connection, expansion or extension`);
}

/**
 * A board state in its JSON form: `{"occupiedCells": [[keys], [keys]], "gridWidth": W, "gridHeight": H}`.
 */
export function parseBoardState(input: unknown): Parsed<BoardState> {
  if (!isRecord(input)) return fail('expected a board state object');
  const width = parseSide(input.gridWidth, 'gridWidth');
  if (!width.ok) return width;
  const height = parseSide(input.gridHeight, 'gridHeight');
  if (!height.ok) return height;
  const [w, h] = [width.value, height.value];
  if (w < MIN_SIDE || w > MAX_SIDE || h < MIN_SIDE || h > MAX_SIDE) {
    return fail(`board size ${w}x${h} is outside ${MIN_SIDE}..${MAX_SIDE} on a side`);
  }
  const lists = input.occupiedCells;
  if (!Array.isArray(lists) || lists.length !== 2 || !lists.every(Array.isArray)) {
    return fail('occupiedCells must be a pair of lists of x-y cell keys, player 0 first');
  }
  const owner = new Map<CellKey, number>();
  const players: [Set<CellKey>, Set<CellKey>] = [new Set(), new Set()];
  for (const [player, list] of (lists as unknown[][]).entries()) {
    for (const item of list) {
      const match = typeof item === 'string' ? KEY.exec(item) : null;
      if (!match) {
        return fail(`bad cell key ${JSON.stringify(item) ?? 'nothing'} for player ${player}: expected "x-y" with whole numbers`);
      }
      const [x, y] = [Number(match[1]), Number(match[2])];
      const key: CellKey = `${x}-${y}`;
      if (x >= w || y >= h) return fail(`cell ${key} of player ${player} is off the ${w}x${h} grid`);
      if (owner.get(key) === 1 - player) return fail(`cell ${key} is owned by both players`);
      owner.set(key, player);
      players[player as 0 | 1].add(key);
    }
  }
  return { ok: true, value: { occupiedCells: players, gridWidth: w, gridHeight: h } };
}

/** A board state's JSON form (sets become lists). */
export function boardStateToJson(board: BoardState): { occupiedCells: [string[], string[]]; gridWidth: number; gridHeight: number } {
  const [a, b] = board.occupiedCells;
  return { occupiedCells: [[...a], [...b]], gridWidth: board.gridWidth, gridHeight: board.gridHeight };
}
