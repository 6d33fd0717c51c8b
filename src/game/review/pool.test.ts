/**
 * The review's workers: positions analysed in parallel, at most one per worker, their results in
 * move order whatever order they finish in; a worker that fails or stops answering ends the
 * review with a clear error (the other workers stopped) rather than leaving it waiting. On real
 * engine workers in Node worker threads, as the browser's Web Workers run them.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AiRequest, BoardState, CellKey, CellPosition, Engine, PlayerIndex, SolveRequest } from '../../engine';
import { loadEngine } from '../../engine/load';
import type { WorkerPort } from '../../engine/thinker';
import { spawnNodeWorker, startTsWorker } from '../../engine/worker-node';
import { resultOfScores, type GameRecord } from '../record';
import { replayRecord } from '../replay';
import { analyseGame, REVIEW_BUDGET, ReviewError, type Analyst } from './analyse';
import { MAX_REVIEW_WORKERS, ReviewWorkers, reviewWorkerCount, runInPool } from './pool';

let engine: Engine;
let workers: ReviewWorkers | undefined;
beforeAll(async () => {
  engine = await loadEngine();
});
afterEach(() => workers?.dispose());

/** A game of `moves` moves of Medium against itself from the empty board, replayed. */
function medium(side: number, moves: number) {
  let board: BoardState = { gridWidth: side, gridHeight: side, occupiedCells: [new Set<CellKey>(), new Set<CellKey>()] };
  let scores: [bigint, bigint] = [0n, 0n];
  const played: CellPosition[] = [];
  for (let turn = 0; turn < moves; turn++) {
    const player: PlayerIndex = turn % 2 === 0 ? 0 : 1;
    const cell = engine.chooseMove({ board, player, level: 'medium', mode: 'connection', seed: turn + 1 })!.cell;
    const next = engine.play(board, cell, player, 'connection');
    if (!next.ok) throw new Error(next.rejection);
    ({ board, scores } = next);
    played.push(cell);
  }
  const record: GameRecord = { width: side, height: side, mode: 'connection', firstPlayer: 0, moves: played, result: moves === side * side ? resultOfScores(scores) : '*' };
  const replay = replayRecord(record, engine);
  if (!replay.ok) throw new Error(replay.error);
  return { record, steps: replay.steps };
}

/** Short searches: these tests are about the workers, not the engine's judgement. */
const QUICK = { budget: { ...REVIEW_BUDGET, solveFromFree: 8, solveMs: 2000, thinkMs: 15 } };

/** A worker whose engine cannot be loaded: its thread fails as it starts. */
const brokenWorker = (): WorkerPort => {
  const worker = startTsWorker(new URL('./no-such-engine.ts', import.meta.url).href);
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (handler) => worker.on('message', handler),
    onError: (handler) => worker.on('error', handler),
    terminate: () => void worker.terminate(),
  };
};

describe('how many workers', () => {
  it('one per core, at least one and at most four', () => {
    expect([undefined, 0, 1, 2, 3, 4, 8, 64, Number.NaN].map(reviewWorkerCount)).toEqual([1, 1, 1, 2, 3, 4, 4, 4, 1]);
    expect(MAX_REVIEW_WORKERS).toBe(4);
  });
});

describe('runInPool', () => {
  it('gives the results in the items’ order when they finish in the reverse order', async () => {
    const finishers: (() => void)[] = [];
    const finished: number[] = [];
    const running = runInPool(
      ['a', 'b', 'c', 'd'],
      [0, 1, 2, 3],
      (worker, item) => new Promise<string>((resolve) => finishers.push(() => resolve(`${item} by ${worker}`))),
      (index) => finished.push(index),
    );
    expect(finishers).toHaveLength(4);
    // Finish the last first: each finisher settles one task.
    for (const finish of [...finishers].reverse()) {
      finish();
      await Promise.resolve();
    }
    await expect(running).resolves.toEqual(['0 by a', '1 by b', '2 by c', '3 by d']);
    expect(finished).toEqual([3, 2, 1, 0]);
  });

  it('runs no more tasks at once than there are workers, and hands a free worker the next item', async () => {
    let active = 0;
    let most = 0;
    const order: number[] = [];
    const results = await runInPool(['a', 'b'], [0, 1, 2, 3, 4], async (_worker, item) => {
      order.push(item);
      active++;
      most = Math.max(most, active);
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      active--;
      return item * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('rejects with the first task’s error and starts no more', async () => {
    const started: number[] = [];
    const running = runInPool(['a'], [0, 1, 2], async (_worker, item) => {
      started.push(item);
      if (item === 1) throw new Error('item 1 failed');
      return item;
    });
    await expect(running).rejects.toThrow('item 1 failed');
    expect(started).toEqual([0, 1]);
  });
});

describe('the review on several engine workers', () => {
  it('analyses a 10×10 opening on two workers at once, never more, every position in move order', async () => {
    const { record, steps } = medium(10, 24);
    workers = new ReviewWorkers(2, spawnNodeWorker);
    let active = 0;
    let most = 0;
    const counted = (analyst: Analyst): Analyst => {
      const track = async <T>(work: () => Promise<T>) => {
        active++;
        most = Math.max(most, active);
        try {
          return await work();
        } finally {
          active--;
        }
      };
      return {
        solve: (request: SolveRequest) => track(() => analyst.solve(request)),
        think: (request: AiRequest) => track(() => analyst.think(request)),
        cancel: () => analyst.cancel?.(),
      };
    };
    const seen: number[] = [];
    const positions = await analyseGame(record, steps, workers.analysts.map(counted), ({ done, positions: sofar }) => {
      seen.push(done);
      expect(sofar).toHaveLength(steps.length);
    }, undefined, QUICK);
    expect(most).toBe(2);
    expect(positions.map((position) => position.step)).toEqual(steps.map((_, index) => index));
    positions.forEach((position, index) => expect(position.mover).toBe(index % 2 === 0 ? 0 : 1));
    expect(seen).toEqual(steps.map((_, index) => index + 1));
    expect(workers.busy).toBe(0);
  });

  it('ends with a clear error when a worker cannot start, and stops the other worker', async () => {
    const { record, steps } = medium(8, 12);
    let spawned = 0;
    // The second worker's engine is missing; the first works.
    workers = new ReviewWorkers(2, () => (spawned++ === 1 ? brokenWorker() : spawnNodeWorker()));
    const review = analyseGame(record, steps, workers.analysts, undefined, undefined, QUICK);
    await expect(review).rejects.toBeInstanceOf(ReviewError);
    await expect(review).rejects.toThrow(/^the engine could not analyse the (empty board|position after move \d+): .*no-such-engine/);
    expect(workers.busy, 'no worker left searching').toBe(0);
  });

  it('ends with a clear error when a worker stops answering, rather than waiting for ever', async () => {
    const { record, steps } = medium(10, 10);
    workers = new ReviewWorkers(1, spawnNodeWorker);
    // Each position's search takes 20 s; the review waits 1.5 s for one (the engine's loading included).
    const review = analyseGame(record, steps, workers.analysts, undefined, undefined, { budget: { ...QUICK.budget, thinkMs: 20_000 }, timeoutMs: 1500 });
    await expect(review).rejects.toThrow('the engine could not analyse the empty board: it gave no answer in time.');
    expect(workers.busy).toBe(0);
  });
});
