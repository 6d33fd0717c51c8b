/**
 * What the rules and the AI wrappers share: the module's exports, the exchange
 * area's addresses, and the board written into it.
 */
import { checkSize, encodeCells, HALVES_PER_PLAYER } from './encode';
import { EngineError } from './errors';
import { Status, type EngineExports } from './exports';
import type { BoardState, ScoringMechanism } from './types';
import { SCORING_MECHANISMS } from './types';

/** A mode code's bit for the mirror rule ("No mirroring"): its low byte is the scoring mode. */
export const MIRROR_RULE_FLAG = 0x100;

export interface EngineCore {
  wasm: EngineExports;
  addresses: { size: number; cells: number; numbers: number; groupCounts: number; groupValues: number };
  maxGroups: number; // stride of the group-values area
  /** Writes a board (size and cells) into the exchange area. */
  load(board: BoardState): void;
  /** Throws the error a failure status stands for. */
  run(status: number): void;
  /** The scoring mode's code, with the mirror rule's flag (engine-rs/src/ffi/mod.rs) when it is on. */
  modeCode(mode: ScoringMechanism, mirrorRule?: boolean): number;
  // Views over linear memory go stale when it grows, so they are made per call.
  u32(address: number, length: number): Uint32Array;
  f64(address: number, length: number): Float64Array;
  /** `length` exact scores from `address`: 128-bit unsigned, two little-endian 64-bit words each. */
  unsigned(address: number, length: number): bigint[];
  /** `length` exact gains or differences from `address`: as `unsigned`, in two's complement. */
  signed(address: number, length: number): bigint[];
}

/** Turns a failure status (not a refused move) into its error. */
function failure(status: number): EngineError {
  switch (status) {
    case Status.sizeOutOfRange:
      return new EngineError('size-out-of-range', 'board size is outside 2..16 on a side');
    case Status.cellOffGrid:
      return new EngineError('cell-off-grid', 'a cell is off the grid');
    case Status.cellOwnedTwice:
      return new EngineError('cell-owned-twice', 'a cell is owned by both players');
    case Status.unknownMode:
      return new EngineError('unknown-mode', 'unknown scoring mechanism');
    case Status.unknownLevel:
      return new EngineError('unknown-level', 'unknown AI level');
    case Status.scoreTooLarge:
      // Never a game's board: there each player owns at most half the cells, and 16×16 scores stay below 2^96.
      return new EngineError('score-too-large', 'a score on this board could pass 2^127 and cannot be given exactly');
    default:
      throw new Error(`engine.wasm returned an unknown status ${status}: rebuild it with npm run build:wasm`);
  }
}

export function createCore(wasm: EngineExports): EngineCore {
  const addresses = {
    size: wasm.cc_size_ptr(),
    cells: wasm.cc_cells_ptr(),
    numbers: wasm.cc_numbers_ptr(),
    groupCounts: wasm.cc_group_counts_ptr(),
    groupValues: wasm.cc_group_values_ptr(),
  };
  const u32 = (address: number, length: number) => new Uint32Array(wasm.memory.buffer, address, length);
  const f64 = (address: number, length: number) => new Float64Array(wasm.memory.buffer, address, length);
  const unsigned = (address: number, length: number) => {
    const words = new BigUint64Array(wasm.memory.buffer, address, 2 * length);
    return Array.from({ length }, (_, i) => (words[2 * i] ?? 0n) | ((words[2 * i + 1] ?? 0n) << 64n));
  };
  return {
    wasm,
    addresses,
    maxGroups: wasm.cc_max_groups(),
    u32,
    f64,
    unsigned,
    signed: (address, length) => unsigned(address, length).map((n) => BigInt.asIntN(128, n)),
    load(board) {
      checkSize(board.gridWidth, board.gridHeight);
      u32(addresses.size, 2).set([board.gridWidth, board.gridHeight]);
      encodeCells(board, u32(addresses.cells, 2 * HALVES_PER_PLAYER));
    },
    run(status) {
      if (status !== Status.ok) throw failure(status);
    },
    modeCode(mode, mirrorRule = false) {
      const code = SCORING_MECHANISMS.indexOf(mode);
      if (code < 0) throw new EngineError('unknown-mode', `unknown scoring mechanism "${String(mode)}"`);
      return mirrorRule ? code | MIRROR_RULE_FLAG : code;
    },
  };
}
