/**
 * Scoring, prediction and moves over engine.wasm.
 */
import type { EngineCore } from './core';
import { decodeCells, HALVES_PER_PLAYER } from './encode';
import { Status } from './exports';
import type {
  BoardState,
  Group,
  CellPosition,
  GameRules,
  MoveRejection,
  MoveResult,
  PlayerIndex,
  PredictionResult,
  ScoreReport,
  Scores,
  ScoringMechanism,
} from './types';

export interface EngineRules {
  /** Both scores, player 0 first. */
  scores(board: BoardState, mode: ScoringMechanism): Scores;
  /** Both scores and each player's group values, largest first. */
  score(board: BoardState, mode: ScoringMechanism): ScoreReport;
  /** Every group on the board with its cells and value (for the board's annotations). */
  groups(board: BoardState, mode: ScoringMechanism): Group[];
  /** What taking `cell` would gain `player`, and the opponent's best reply after it. */
  predict(board: BoardState, cell: CellPosition, player: number, mode: ScoringMechanism): PredictionResult;
  /** Validates and plays a move (under `rules`): the new board and both new scores, or why it was refused. */
  play(board: BoardState, cell: CellPosition, player: number, mode: ScoringMechanism, rules?: GameRules): MoveResult;
}

const REJECTIONS: Record<number, MoveRejection> = {
  [Status.moveOffGrid]: 'off-grid',
  [Status.moveInvalidPlayer]: 'invalid-player',
  [Status.moveOccupied]: 'occupied',
  [Status.moveMirroring]: 'mirroring',
};

const u32ToBytes = (buffer: ArrayBufferLike, address: number, length: number) => new Uint8Array(buffer, address, length);

export function createRules(core: EngineCore): EngineRules {
  const { wasm, addresses, maxGroups, load, run, modeCode, u32 } = core;
  const scores = () => core.unsigned(addresses.numbers, 2);

  return {
    scores(board, mode) {
      const code = modeCode(mode);
      load(board);
      run(wasm.cc_score(code));
      const [a = 0n, b = 0n] = scores();
      return [a, b];
    },

    score(board, mode) {
      const code = modeCode(mode);
      load(board);
      run(wasm.cc_groups(code));
      const [a = 0n, b = 0n] = scores();
      const counts = u32(addresses.groupCounts, 2);
      const values = u32(addresses.groupValues, 2 * maxGroups);
      const groupsOf = (player: PlayerIndex) =>
        Array.from(values.subarray(player * maxGroups, player * maxGroups + (counts[player] ?? 0)));
      return { scores: [a, b], groups: [groupsOf(0), groupsOf(1)] };
    },

    groups(board, mode) {
      const code = modeCode(mode);
      load(board);
      run(wasm.cc_group_labels(code));
      const area = board.gridWidth * board.gridHeight;
      const labels = u32ToBytes(wasm.memory.buffer, wasm.cc_labels_ptr(), area);
      const counts = u32(addresses.groupCounts, 2);
      const values = u32(addresses.groupValues, 2 * maxGroups);
      const groups: Group[] = [];
      const first: [number, number] = [0, 0]; // where each player's groups start in `groups`
      for (const player of [0, 1] as const) {
        first[player] = groups.length;
        for (let g = 0; g < (counts[player] ?? 0); g++) {
          groups.push({ player, value: values[player * maxGroups + g] ?? 0, cells: [] });
        }
      }
      for (let index = 0; index < area; index++) {
        const label = labels[index] ?? 255;
        if (label === 255) continue;
        const key = `${index % board.gridWidth}-${Math.floor(index / board.gridWidth)}` as const;
        const player = board.occupiedCells[0].has(key) ? 0 : 1;
        groups[first[player] + label]?.cells.push({ gridX: index % board.gridWidth, gridY: Math.floor(index / board.gridWidth) });
      }
      return groups;
    },

    predict(board, cell, player, mode) {
      const code = modeCode(mode);
      load(board);
      const status = wasm.cc_predict(code, cell.gridX, cell.gridY, player);
      const rejection = REJECTIONS[status];
      if (rejection) return { ok: false, rejection };
      run(status);
      const [playerGain = 0n, opponentGain = 0n, net = 0n] = core.signed(addresses.numbers, 3);
      return { ok: true, prediction: { playerGain, opponentGain, net } };
    },

    play(board, cell, player, mode, rules) {
      const code = modeCode(mode, rules?.mirrorRule);
      load(board);
      const status = wasm.cc_play(code, cell.gridX, cell.gridY, player);
      const rejection = REJECTIONS[status];
      if (rejection) return { ok: false, rejection };
      run(status);
      const [a = 0n, b = 0n] = scores();
      const { gridWidth, gridHeight } = board;
      const occupiedCells = decodeCells(u32(addresses.cells, 2 * HALVES_PER_PLAYER), gridWidth, gridHeight);
      return { ok: true, board: { occupiedCells, gridWidth, gridHeight }, scores: [a, b] };
    },
  };
}
