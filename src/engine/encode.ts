/**
 * Board states to and from the engine's bit layout: cell `(x, y)` is bit
 * `y * width + x` of a player's 256-bit set, held as eight 32-bit halves
 * (little-endian, as wasm stores a u64).
 */
import { EngineError } from './errors';
import type { BoardState, CellKey } from './types';
import { MAX_SIDE, MIN_SIDE } from './types';

/** 32-bit halves per player: four u64 words. */
export const HALVES_PER_PLAYER = 8;

const sideInRange = (side: number) => Number.isInteger(side) && side >= MIN_SIDE && side <= MAX_SIDE;

export function checkSize(width: number, height: number): void {
  if (!sideInRange(width) || !sideInRange(height)) {
    throw new EngineError('size-out-of-range', `board size ${width}x${height} is outside 2..16 on a side`);
  }
}

/**
 * `x-y` to its two numbers. By hand rather than with a regular expression: this runs for every
 * cell of every board handed to the engine (each online move), and a match costs several times more.
 */
function parseKey(key: string): [number, number] {
  const dash = key.indexOf('-');
  const x = wholeNumber(key, 0, dash);
  const y = wholeNumber(key, dash + 1, key.length);
  if (dash <= 0 || x < 0 || y < 0) {
    throw new EngineError('bad-cell-key', `bad cell key "${key}": expected x-y with whole numbers`);
  }
  return [x, y];
}

/** The decimal digits of key[from, to) as a number; -1 if empty or anything else is there. */
function wholeNumber(key: string, from: number, to: number): number {
  if (from >= to) return -1;
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = key.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Writes both players' cells into `out` (16 halves, player 0 first). */
export function encodeCells(board: BoardState, out: Uint32Array): void {
  out.fill(0, 0, 2 * HALVES_PER_PLAYER);
  const { gridWidth: width, gridHeight: height } = board;
  // Plain loops, not forEach: this runs at every online move, and the server's runner names each
  // closure it creates (esbuild's keepNames), a cost paid per call.
  for (let player = 0; player < 2; player++) {
    for (const key of board.occupiedCells[player]!) {
      const [x, y] = parseKey(key);
      if (x >= width || y >= height) {
        throw new EngineError('cell-off-grid', `cell ${key} is off the ${width}x${height} grid`);
      }
      const bit = y * width + x;
      const half = player * HALVES_PER_PLAYER + (bit >>> 5);
      if (player === 1 && board.occupiedCells[0].has(key)) {
        throw new EngineError('cell-owned-twice', `cell ${key} is owned by both players`);
      }
      out[half] = (out[half] ?? 0) | (1 << (bit & 31));
    }
  }
}

/** Reads both players' cells back from the engine's layout. */
export function decodeCells(halves: Uint32Array, width: number, height: number): BoardState['occupiedCells'] {
  const keys = cellKeys(width, height);
  const players: [Set<CellKey>, Set<CellKey>] = [new Set(), new Set()];
  for (let player = 0; player < 2; player++) {
    const cells = players[player]!;
    for (let bit = 0; bit < width * height; bit++) {
      const half = halves[player * HALVES_PER_PLAYER + (bit >>> 5)] ?? 0;
      if ((half >>> (bit & 31)) & 1) cells.add(keys[bit]!);
    }
  }
  return players;
}

const keysBySize = new Map<number, CellKey[]>();

/** Every cell's key by bit for one board size, made once: decoding allocates no strings. */
function cellKeys(width: number, height: number): CellKey[] {
  const size = width * (MAX_SIDE + 1) + height;
  let keys = keysBySize.get(size);
  if (!keys) {
    keys = Array.from({ length: width * height }, (_, bit): CellKey => `${bit % width}-${Math.floor(bit / width)}`);
    keysBySize.set(size, keys);
  }
  return keys;
}
