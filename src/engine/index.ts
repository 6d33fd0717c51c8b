/**
 * The one typed API over engine.wasm, the same in the browser and in Node.
 * Load it with `loadEngine()` (./load) or build it from an instance you made.
 */
import { decodeCells, encodeCells, checkSize, HALVES_PER_PLAYER } from './encode';
import { EngineError } from './errors';
import { engineExports, Status, type EngineExports } from './exports';
import type {
  BoardState,
  CellPosition,
  MoveRejection,
  MoveResult,
  PlayerIndex,
  PredictionResult,
  ScoreReport,
  Scores,
  ScoringMechanism,
} from './types';
import { SCORING_MECHANISMS } from './types';

export * from './types';
export { EngineError, type EngineErrorCode } from './errors';
export { parseBoardState, parseScoringMechanism, boardStateToJson, type Parsed } from './boardState';

export interface Engine {
  /** Both scores, player 0 first. */
  scores(board: BoardState, mode: ScoringMechanism): Scores;
  /** Both scores and each player's group values, largest first. */
  score(board: BoardState, mode: ScoringMechanism): ScoreReport;
  /** What taking `cell` would gain `player`, and the opponent's best reply after it. */
  predict(board: BoardState, cell: CellPosition, player: number, mode: ScoringMechanism): PredictionResult;
  /** Validates and plays a move: the new board and both new scores, or why it was refused. */
  play(board: BoardState, cell: CellPosition, player: number, mode: ScoringMechanism): MoveResult;
  /** The raw module, for benchmarks and the AI worker. */
  readonly exports: EngineExports;
}

const REJECTIONS: Record<number, MoveRejection> = {
  [Status.moveOffGrid]: 'off-grid',
  [Status.moveInvalidPlayer]: 'invalid-player',
  [Status.moveOccupied]: 'occupied',
};

function modeCode(mode: ScoringMechanism): number {
  const code = SCORING_MECHANISMS.indexOf(mode);
  if (code < 0) {
    throw new EngineError('unknown-mode', `unknown scoring mechanism "${String(mode)}"`);
  }
  return code;
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
    case Status.scoreTooLarge:
      return new EngineError('score-too-large', 'a score exceeds 2^53 and cannot be given exactly');
    default:
      return new EngineError('unknown-mode', `engine.wasm returned unknown status ${status}`);
  }
}

/** Builds the typed API over an instantiated engine.wasm. */
export function createEngine(instance: WebAssembly.Instance): Engine {
  const wasm = engineExports(instance);
  const addresses = {
    size: wasm.cc_size_ptr(),
    cells: wasm.cc_cells_ptr(),
    numbers: wasm.cc_numbers_ptr(),
    groupCounts: wasm.cc_group_counts_ptr(),
    groupValues: wasm.cc_group_values_ptr(),
  };
  const maxGroups = wasm.cc_max_groups();
  // Views over linear memory go stale when it grows, so they are made per call.
  const u32 = (address: number, length: number) => new Uint32Array(wasm.memory.buffer, address, length);
  const f64 = (length: number) => new Float64Array(wasm.memory.buffer, addresses.numbers, length);

  function load(board: BoardState): void {
    checkSize(board.gridWidth, board.gridHeight);
    u32(addresses.size, 2).set([board.gridWidth, board.gridHeight]);
    encodeCells(board, u32(addresses.cells, 2 * HALVES_PER_PLAYER));
  }

  function run(status: number): void {
    if (status !== Status.ok) throw failure(status);
  }

  return {
    exports: wasm,

    scores(board, mode) {
      const code = modeCode(mode);
      load(board);
      run(wasm.cc_score(code));
      const [a = 0, b = 0] = f64(2);
      return [a, b];
    },

    score(board, mode) {
      const code = modeCode(mode);
      load(board);
      run(wasm.cc_groups(code));
      const [a = 0, b = 0] = f64(2);
      const counts = u32(addresses.groupCounts, 2);
      const values = u32(addresses.groupValues, 2 * maxGroups);
      const groupsOf = (player: PlayerIndex) =>
        Array.from(values.subarray(player * maxGroups, player * maxGroups + (counts[player] ?? 0)));
      return { scores: [a, b], groups: [groupsOf(0), groupsOf(1)] };
    },

    predict(board, cell, player, mode) {
      const code = modeCode(mode);
      load(board);
      const status = wasm.cc_predict(code, cell.gridX, cell.gridY, player);
      const rejection = REJECTIONS[status];
      if (rejection) return { ok: false, rejection };
      run(status);
      const [playerGain = 0, opponentGain = 0, net = 0] = f64(3);
      return { ok: true, prediction: { playerGain, opponentGain, net } };
    },

    play(board, cell, player, mode) {
      const code = modeCode(mode);
      load(board);
      const status = wasm.cc_play(code, cell.gridX, cell.gridY, player);
      const rejection = REJECTIONS[status];
      if (rejection) return { ok: false, rejection };
      run(status);
      const [a = 0, b = 0] = f64(2);
      const { gridWidth, gridHeight } = board;
      const occupiedCells = decodeCells(u32(addresses.cells, 2 * HALVES_PER_PLAYER), gridWidth, gridHeight);
      return { ok: true, board: { occupiedCells, gridWidth, gridHeight }, scores: [a, b] };
    },
  };
}
