/**
 * The post-game review on the real engine, in real worker threads as in the browser: a game
 * with a blunder made on purpose (found with the solver) has it marked, with the exact score it
 * threw away, on 4×4 and on 12×12; the solver's moves after it are marked best; an opening beyond
 * the solver's reach gets Expert's estimates; and cancelling rejects at once and stops the work.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/load';
import { AiCancelledError, Thinker } from '../../engine/thinker';
import { spawnNodeWorker } from '../../engine/worker-node';
import type { BoardState, CellKey, CellPosition, Engine, PlayerIndex, ScoringMechanism } from '../../engine';
import { resultOfScores, type GameRecord } from '../record';
import { replayRecord, type ReplayStep } from '../replay';
import { analyseGame, chartChance, REVIEW_BUDGET, type ReviewProgress } from './analyse';
import { judgeMoves } from './moves';
import { ReviewWorkers } from './pool';

let engine: Engine;
let thinker: Thinker | undefined;
let workers: ReviewWorkers | undefined;
beforeAll(async () => {
  engine = await loadEngine();
});
afterEach(() => {
  thinker?.dispose();
  workers?.dispose();
});

const empty = (side: number): BoardState => ({ gridWidth: side, gridHeight: side, occupiedCells: [new Set<CellKey>(), new Set<CellKey>()] });
const free = (board: BoardState) => board.gridWidth * board.gridHeight - board.occupiedCells[0].size - board.occupiedCells[1].size;

/** A game played by `choose` from the empty board, Player 1 first, as a record and its replay. */
function playGame(side: number, mode: ScoringMechanism, moves: number, choose: (board: BoardState, player: PlayerIndex, turn: number) => CellPosition) {
  let board = empty(side);
  const played: CellPosition[] = [];
  let scores: [bigint, bigint] = [0n, 0n];
  for (let turn = 0; turn < moves; turn++) {
    const player: PlayerIndex = turn % 2 === 0 ? 0 : 1;
    const cell = choose(board, player, turn);
    const next = engine.play(board, cell, player, mode);
    if (!next.ok) throw new Error(next.rejection);
    ({ board, scores } = next);
    played.push(cell);
  }
  const record: GameRecord = { width: side, height: side, mode, firstPlayer: 0, moves: played, result: free(board) === 0 ? resultOfScores(scores) : '*' };
  const replay = replayRecord(record, engine);
  if (!replay.ok) throw new Error(replay.error);
  return { record, steps: replay.steps };
}

interface Blunder {
  move: number;
  best: bigint;
  played: bigint;
}

const sign = (value: bigint) => (value > 0n ? 1 : value < 0n ? -1 : 0);

/**
 * A whole game: `level`'s moves while more than 10 cells are free, then the solver's best moves,
 * but for one blunder: the first move that turns the mover's proven result into a worse one.
 * Returns the game and the blunder's move number, best value and played value.
 */
function gameWithBlunder(mode: ScoringMechanism, side = 4, level: 'medium' | 'hard' = 'hard') {
  let blunder: Blunder | null = null;
  const game = playGame(side, mode, side * side, (board, player, turn) => {
    if (free(board) > 10) return engine.chooseMove({ board, player, level, mode, seed: turn + 1 })!.cell;
    const solved = engine.solve({ board, player, mode })!;
    if (blunder) return solved.best;
    const worse = solved.cells.find(({ value }) => sign(value) < sign(solved.value));
    if (!worse) return solved.best;
    blunder = { move: turn + 1, best: solved.value, played: worse.value };
    return worse.cell;
  });
  return { ...game, blunder: blunder as Blunder | null };
}

describe('the post-game review', () => {
  it('marks a move that throws away a proven result a blunder, with the exact score lost, and the solver’s moves best', async () => {
    const game = (['connection', 'expansion', 'extension'] as const).map((mode) => gameWithBlunder(mode)).find((g) => g.blunder !== null);
    expect(game, 'a 4×4 game with a blunder to make').toBeDefined();
    const { record, steps, blunder } = game!;
    thinker = new Thinker(spawnNodeWorker);
    const positions = await analyseGame(record, steps, thinker);
    expect(positions).toHaveLength(17);

    // The solver reaches every position from 10 free cells: exact, with a free cell as its best move.
    positions.slice(6).forEach((position, index) => expect(position.exact, `position ${index + 6}`).toBe(true));
    positions.slice(0, 16).forEach((position, index) => expect(isFree(steps[index]!, position.best), `best of position ${index}`).toBe(true));
    const final = positions[16]!;
    expect(final.mover).toBeNull();
    expect(final.value).toBe(steps[16]!.scores[0] - steps[16]!.scores[1]);
    expect(final.chance).toBe(sign(steps[16]!.scores[0] - steps[16]!.scores[1]));

    const moves = judgeMoves(steps, positions);
    const marked = moves[blunder!.move - 1]!;
    expect(marked.mark).toBe('blunder');
    expect(marked.exactLoss).toBe(blunder!.best - blunder!.played);
    // The solver's moves keep the result: best, or forced where there was no choice (the last free cell).
    for (const move of moves.slice(blunder!.move)) expect(['best', 'forced'], `move ${move?.move}, the solver's`).toContain(move?.mark);
    expect(moves.at(-1)?.mark, 'the last free cell').toBe('forced');
  });

  it('judges a 12×12 game’s endgame exactly, on workers in parallel: the blunder with every point it lost, the solver’s moves best', async () => {
    const game = (['connection', 'extension', 'expansion'] as const).map((mode) => gameWithBlunder(mode, 12, 'medium')).find((g) => g.blunder !== null);
    expect(game, 'a 12×12 game with a blunder to make').toBeDefined();
    const { record, steps, blunder } = game!;
    workers = new ReviewWorkers(2, spawnNodeWorker);
    // Expert's opening estimates are not what this test is about: a short search each.
    const budget = { ...REVIEW_BUDGET, solveFromFree: 10, solveMs: 10_000, thinkMs: 20 };
    const positions = await analyseGame(record, steps, workers.analysts, undefined, undefined, { budget });
    expect(positions.map((position) => position.step)).toEqual(steps.map((_, index) => index));
    positions.slice(134).forEach((position, index) => expect(position.exact, `position ${index + 134}`).toBe(true));
    const final = positions[144]!;
    expect(final.exact && final.value).toBe(steps[144]!.scores[0] - steps[144]!.scores[1]);

    const moves = judgeMoves(steps, positions);
    const marked = moves[blunder!.move - 1]!;
    expect(marked.mark).toBe('blunder');
    expect(marked.exactLoss).toBe(blunder!.best - blunder!.played);
    const before = positions[blunder!.move - 1]!;
    expect(before.exact && before.value, 'the position before: the best play’s exact margin').toBe(blunder!.best);
    expect(marked.best).toEqual(before.best);
    for (const move of moves.slice(blunder!.move)) {
      expect(['best', 'forced'], `move ${move?.move}, the solver's`).toContain(move?.mark);
      expect(move?.exactLoss).toBe(0n);
    }
    expect(moves.at(-1)?.mark, 'the last free cell').toBe('forced');
  });

  it('estimates an opening beyond the solver’s reach with Expert: every move marked, the chart short of a proof', async () => {
    const { record, steps } = playGame(6, 'connection', 8, (board, player, turn) => engine.chooseMove({ board, player, level: 'medium', mode: 'connection', seed: turn + 3 })!.cell);
    thinker = new Thinker(spawnNodeWorker);
    const progress: number[] = [];
    const positions = await analyseGame(record, steps, thinker, ({ done, total }) => progress.push(done / total));
    expect(progress).toEqual(steps.map((_, index) => (index + 1) / steps.length));
    for (const [index, position] of positions.entries()) {
      expect(position.exact).toBe(false);
      expect(position.mover).toBe(index % 2 === 0 ? 0 : 1);
      expect(isFree(steps[index]!, position.best)).toBe(true);
    }
    const chart = positions.map((position, index) => chartChance(position, positions[index + 1]));
    for (const value of chart) expect(Math.abs(value!)).toBeLessThan(1);
    const moves = judgeMoves(steps, positions);
    expect(moves.every((move) => move !== null)).toBe(true);
    // A move that is Expert's own choice is best by definition.
    moves.forEach((move, index) => {
      const best = positions[index]!.best!;
      if (best.gridX === move!.cell.gridX && best.gridY === move!.cell.gridY) expect(move!.mark).toBe('best');
      else expect(move!.mark).not.toBe('best');
    });
  });

  it('stops at once when cancelled: the review rejects, no more progress, no search left running', async () => {
    const { record, steps } = playGame(10, 'expansion', 30, (board, player, turn) => engine.chooseMove({ board, player, level: 'easy', mode: 'expansion', seed: turn })!.cell);
    thinker = new Thinker(spawnNodeWorker);
    const seen: ReviewProgress[] = [];
    const stop = new AbortController();
    // As the page's Cancel does: abort the review, and end the search under way.
    const cancel = () => {
      stop.abort();
      thinker!.cancel();
    };
    const running = analyseGame(record, steps, thinker, (progress) => seen.push(progress), stop.signal);
    // Cancelled in the middle of a search: the second position's.
    await new Promise<void>((resolve) => {
      const wait = setInterval(() => {
        if (seen.length === 1 && thinker!.thinking) {
          clearInterval(wait);
          resolve();
        }
      }, 5);
    });
    cancel();
    await expect(running).rejects.toBeInstanceOf(AiCancelledError);
    expect(thinker.thinking).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen.map((progress) => progress.done)).toEqual([1]);
    // The review can be started again, and cancelled between two positions too.
    const between = new AbortController();
    const done: number[] = [];
    const again = analyseGame(record, steps, thinker, (progress) => {
      done.push(progress.done);
      if (progress.done === 2) between.abort();
    }, between.signal);
    await expect(again).rejects.toBeInstanceOf(AiCancelledError);
    expect(done).toEqual([1, 2]);
  });
});

function isFree(step: ReplayStep, cell: CellPosition | null): boolean {
  if (!cell) return false;
  const key: CellKey = `${cell.gridX}-${cell.gridY}`;
  return cell.gridX < step.board.gridWidth && cell.gridY < step.board.gridHeight && !step.board.occupiedCells[0].has(key) && !step.board.occupiedCells[1].has(key);
}
