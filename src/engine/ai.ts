/**
 * The computer opponent over engine.wasm: the move of any level, the values the
 * AI server reports, SPEC §8's fallbacks, and whole arena games.
 */
import {
  AI_LEVELS,
  DEFAULT_EXPERT_TIME_MS,
  DEFAULT_SOLVE_TIME_MS,
  type AiLevel,
  type ArenaPlayer,
  type AiMove,
  type AiRequest,
  type CellEvaluation,
  type EndgameSolution,
  type LearnedValue,
  type SolveRequest,
} from './ai-types';
import type { EngineCore } from './core';
import { EngineError } from './errors';
import { Status } from './exports';
import type { EngineRules } from './rules';
import type { BoardState, CellPosition, GameRules, PlayerIndex, ScoringMechanism, Scores } from './types';

export interface ArenaGameSetup {
  size: number; // square board side
  mode: ScoringMechanism;
  levels: [ArenaPlayer, ArenaPlayer]; // seat 0 moves first
  seed: number;
  timeMs?: number; // Expert's budget per move (default 1000)
  nodeLimit?: number; // Expert's node budget per move
  mirrorRule?: boolean; // both seats keep to "No mirroring"
  opening?: number; // moves played at random (seeded, legal) before the seats take over (default 0)
}

export interface ArenaGameRecord {
  scores: Scores; // seat 0's, seat 1's
  moveMs: [number[], number[]]; // each seat's milliseconds per move
}

export interface EngineAi {
  /** The computer's move for `request.player`; `null` only when no cell is free. */
  chooseMove(request: AiRequest): AiMove | null;
  /**
   * Expert's learned evaluation of the position for `player` to move, without search;
   * `null` on a board its net does not know (not square).
   */
  learnedValue(board: BoardState, player: PlayerIndex, mode: ScoringMechanism): LearnedValue | null;
  /** Every legal cell's prediction and the spec's evaluation after taking it. */
  evaluateCells(board: BoardState, player: PlayerIndex, mode: ScoringMechanism, rules?: GameRules): CellEvaluation[];
  /**
   * SPEC §8's fallbacks for `mover`'s move from outside the engine: no proposal gives a
   * random free cell, an invalid one (or one the mirror rule refuses) the first legal
   * cell, a full board `null`.
   */
  resolveMove(board: BoardState, proposal: CellPosition | null, seed: number, mover?: Mover): CellPosition | null;
  /**
   * Solves the position exactly for `request.player` to move: `null` on a full
   * board or when the solver cannot finish within its budget (beyond its reach).
   */
  solve(request: SolveRequest): EndgameSolution | null;
  /** Plays one whole game between two levels, for the arena. */
  playArenaGame(setup: ArenaGameSetup): ArenaGameRecord;
}

/** Who a resolved move is for, and the rules it must keep (none: any free cell will do). */
export interface Mover extends GameRules {
  player: PlayerIndex;
  mode: ScoringMechanism;
}

/** The net's integer units per unit of log-odds (ACTIVATION_ONE × OUTPUT_ONE in engine-rs/src/ai/nnue). */
const LEARNED_VALUE_UNITS = 255 * 64;

function levelCode(level: AiLevel): number {
  const code = AI_LEVELS.indexOf(level);
  if (code < 0) throw new EngineError('unknown-level', `unknown AI level "${String(level)}": expected ${AI_LEVELS.join(', ')}`);
  return code;
}

/** An arena seat's code: a level's, one past the last level for the random player, two past for classic Expert (ffi/ai.rs). */
function arenaCode(player: ArenaPlayer): number {
  if (player === 'random') return AI_LEVELS.length;
  if (player === 'expert-classic') return AI_LEVELS.length + 1;
  return levelCode(player);
}

/** A seed as the two 32-bit halves the module takes (the high half is 0). */
function seedHalves(seed: number): [number, number] {
  return [Math.trunc(Math.abs(seed)) >>> 0, 0];
}

function budget(level: AiLevel, timeMs: number | undefined, nodeLimit: number | undefined): [number, number] {
  return level === 'expert' ? limits(timeMs, nodeLimit, DEFAULT_EXPERT_TIME_MS) : [0, 0];
}

/** A search's time and node limits as the module takes them (0: none), `defaultMs` when neither is given. */
function limits(timeMs: number | undefined, nodeLimit: number | undefined, defaultMs: number): [number, number] {
  const nodes = nodeLimit !== undefined && nodeLimit > 0 ? Math.floor(nodeLimit) : 0;
  // A node limit alone makes a search reproducible; a time limit caps it too unless given.
  const time = timeMs !== undefined && timeMs > 0 ? timeMs : nodes > 0 ? 0 : defaultMs;
  return [time, nodes];
}

export function createAi(core: EngineCore, rules: EngineRules): EngineAi {
  const { wasm, load, run, modeCode } = core;
  const report = () => core.f64(wasm.cc_ai_report_ptr(), 7);
  const cellAt = (board: BoardState, index: number): CellPosition => ({
    gridX: index % board.gridWidth,
    gridY: Math.floor(index / board.gridWidth),
  });

  return {
    chooseMove({ board, player, level, mode, seed, timeMs, nodeLimit, mirrorRule }) {
      const [modeId, levelId] = [modeCode(mode, mirrorRule), levelCode(level)];
      load(board);
      const [time, nodes] = budget(level, timeMs, nodeLimit);
      const status = wasm.cc_ai_move(modeId, player, levelId, ...seedHalves(seed), time, nodes);
      if (status === Status.noFreeCell) return null;
      run(status);
      const [gridX = 0, gridY = 0, depth = 0, visited = 0, elapsedMs = 0, value = 0, length = 0] = report();
      const line = core.u32(wasm.cc_ai_line_ptr(), length);
      return {
        cell: { gridX, gridY },
        stats: {
          depth,
          nodes: visited,
          elapsedMs,
          nodesPerSecond: elapsedMs > 0 ? Math.round((visited * 1000) / elapsedMs) : 0,
          value,
          principalVariation: Array.from(line, (index) => cellAt(board, index)),
        },
      };
    },

    learnedValue(board, player, mode) {
      load(board);
      const status = wasm.cc_learned_value(modeCode(mode, false), player);
      if (status === Status.sizeOutOfRange) return null;
      run(status);
      const units = core.f64(wasm.cc_ai_values_ptr(), 1)[0] ?? 0;
      return { units, logOdds: units / LEARNED_VALUE_UNITS };
    },

    evaluateCells(board, player, mode, gameRules) {
      const modeId = modeCode(mode, gameRules?.mirrorRule);
      load(board);
      run(wasm.cc_cell_values(modeId, player));
      const values = Array.from(core.f64(wasm.cc_ai_values_ptr(), board.gridWidth * board.gridHeight));
      const evaluations: CellEvaluation[] = [];
      values.forEach((value, index) => {
        if (Number.isNaN(value)) return;
        const cell = cellAt(board, index);
        const predicted = rules.predict(board, cell, player, mode);
        if (predicted.ok) evaluations.push({ cell, prediction: predicted.prediction, value });
      });
      return evaluations;
    },

    resolveMove(board, proposal, seed, mover) {
      const [modeId, player] = [modeCode(mover?.mode ?? 'connection', mover?.mirrorRule), mover?.player ?? 0];
      load(board);
      // Anything that is not a 32-bit whole number is as invalid as an off-grid cell.
      const coordinate = (n: number) => (Number.isInteger(n) && Math.abs(n) < 2 ** 31 ? n : -1);
      const index = proposal
        ? wasm.cc_resolve_move(modeId, player, 1, coordinate(proposal.gridX), coordinate(proposal.gridY), ...seedHalves(seed))
        : wasm.cc_resolve_move(modeId, player, 0, 0, 0, ...seedHalves(seed));
      return index < 0 ? null : cellAt(board, index);
    },

    solve({ board, player, mode, timeMs, nodeLimit, bestOnly, mirrorRule }) {
      const modeId = modeCode(mode, mirrorRule);
      load(board);
      const [time, nodes] = limits(timeMs, nodeLimit, DEFAULT_SOLVE_TIME_MS);
      const status = bestOnly ? wasm.cc_solve_best(modeId, player, time, nodes) : wasm.cc_solve(modeId, player, time, nodes);
      if (status === Status.noFreeCell || status === Status.notSolved) return null;
      run(status);
      const [bestX = 0, bestY = 0, , visited = 0] = report();
      const area = board.gridWidth * board.gridHeight;
      // The position's exact value, then each cell's; a cell that has one is marked 0 (NaN: none).
      const [value = 0n, ...exact] = core.signed(wasm.cc_ai_exact_ptr(), 1 + area);
      const marks = core.f64(wasm.cc_ai_values_ptr(), area);
      const cells: EndgameSolution['cells'] = [];
      marks.forEach((mark, index) => {
        if (!Number.isNaN(mark)) cells.push({ cell: cellAt(board, index), value: exact[index] ?? 0n });
      });
      return { best: { gridX: bestX, gridY: bestY }, value, cells, nodes: visited };
    },

    playArenaGame({ size, mode, levels, seed, timeMs, nodeLimit, mirrorRule, opening = 0 }) {
      const [modeId, first, second] = [modeCode(mode, mirrorRule), arenaCode(levels[0]), arenaCode(levels[1])];
      const [time, nodes] = budget('expert', timeMs, nodeLimit);
      run(wasm.cc_play_game(modeId, size, size, first, second, ...seedHalves(seed), time, nodes, opening));
      const out = core.f64(wasm.cc_ai_values_ptr(), 2 + size * size); // 0, 0, then each move's milliseconds
      const moveMs: [number[], number[]] = [[], []];
      for (let turn = 0; turn < size * size; turn++) moveMs[turn % 2]!.push(out[2 + turn] ?? 0);
      const [seat0 = 0n, seat1 = 0n] = core.unsigned(wasm.cc_ai_exact_ptr(), 2);
      return { scores: [seat0, seat1], moveMs };
    },
  };
}
