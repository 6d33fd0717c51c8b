/**
 * How long the post-game review of a whole large-board game takes with 1, 2 and 4 engine workers
 * (the page starts one per core up to four): a game of Hard against Medium is played, then
 * reviewed from the empty board to the full one on Node worker threads running the same engine
 * as the page's Web Workers, with the review's own budgets. Target: a 16×16 game within 60 s on a
 * 4-core laptop.
 *
 *   npx tsx scripts/bench-review.ts [--size 16] [--mode connection] [--workers 1,2,4] [--json]
 *
 * `reviewTimes` is exported for `npm run bench` to print as a row.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadEngine } from '../src/engine/load';
import type { BoardState, CellKey, CellPosition, Engine, PlayerIndex, ScoringMechanism } from '../src/engine';
import { spawnNodeWorker } from '../src/engine/worker-node';
import { resultOfScores, type GameRecord } from '../src/game/record';
import { replayRecord, type ReplayStep } from '../src/game/replay';
import { analyseGame } from '../src/game/review/analyse';
import { ReviewWorkers } from '../src/game/review/pool';

export interface ReviewTime {
  workers: number;
  seconds: number;
  positions: number;
  exact: number; // positions the solver proved (or the full board)
  slowestMs: number; // the longest wait between two positions finished
}

/** A whole game of Hard (first) against Medium. */
export function benchGame(engine: Engine, size: number, mode: ScoringMechanism): { record: GameRecord; steps: ReplayStep[] } {
  let board: BoardState = { gridWidth: size, gridHeight: size, occupiedCells: [new Set<CellKey>(), new Set<CellKey>()] };
  let scores: [bigint, bigint] = [0n, 0n];
  const moves: CellPosition[] = [];
  for (let turn = 0; turn < size * size; turn++) {
    const player: PlayerIndex = turn % 2 === 0 ? 0 : 1;
    const { cell } = engine.chooseMove({ board, player, level: player === 0 ? 'hard' : 'medium', mode, seed: turn + 1 })!;
    const played = engine.play(board, cell, player, mode);
    if (!played.ok) throw new Error(`move ${turn + 1} of the ${size}×${size} ${mode} game: ${played.rejection}`);
    ({ board, scores } = played);
    moves.push(cell);
  }
  const record: GameRecord = { width: size, height: size, mode, firstPlayer: 0, moves, result: resultOfScores(scores) };
  const replay = replayRecord(record, engine);
  if (!replay.ok) throw new Error(replay.error);
  return { record, steps: replay.steps };
}

/** The whole review of one game, timed once per worker count (each with fresh workers, the engine's loading included). */
export async function reviewTimes(engine: Engine, size = 16, mode: ScoringMechanism = 'connection', counts: readonly number[] = [1, 2, 4]): Promise<ReviewTime[]> {
  const { record, steps } = benchGame(engine, size, mode);
  const times: ReviewTime[] = [];
  for (const count of counts) {
    const workers = new ReviewWorkers(count, spawnNodeWorker);
    try {
      const start = performance.now();
      let last = start;
      let slowestMs = 0;
      const positions = await analyseGame(record, steps, workers.analysts, () => {
        const now = performance.now();
        slowestMs = Math.max(slowestMs, now - last);
        last = now;
      });
      times.push({ workers: count, seconds: (performance.now() - start) / 1000, positions: positions.length, exact: positions.filter((p) => p.exact).length, slowestMs });
    } finally {
      workers.dispose();
    }
  }
  return times;
}

export function printReviewTimes(times: readonly ReviewTime[], size: number, mode: ScoringMechanism, cores: number): void {
  console.log(`post-game review of a whole ${size}x${size} ${mode} game (Hard v Medium), by workers (target: 16x16 within 60 s on 4 cores; this machine: ${cores} cores)`);
  for (const time of times) {
    const proved = `${time.exact} of ${time.positions} positions exact`;
    console.log(`  ${String(time.workers).padStart(2)} worker${time.workers === 1 ? ' ' : 's'} ${time.seconds.toFixed(1).padStart(6)} s  ${proved.padEnd(28)} longest wait ${Math.round(time.slowestMs)} ms`);
  }
}

const invokedDirectly = import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '16' },
      mode: { type: 'string', default: 'connection' },
      workers: { type: 'string', default: '1,2,4' },
      json: { type: 'boolean', default: false },
    },
  });
  const size = Number(values.size);
  const mode = values.mode as ScoringMechanism;
  const counts = values.workers.split(',').map(Number);
  if (!Number.isInteger(size) || size < 2 || size > 16) throw new Error(`--size must be a whole number from 2 to 16, got ${values.size}`);
  if (!['connection', 'expansion', 'extension'].includes(mode)) throw new Error(`--mode must be connection, expansion or extension, got ${values.mode}`);
  if (counts.some((count) => !Number.isInteger(count) || count < 1)) throw new Error(`--workers must be whole numbers from 1, got ${values.workers}`);
  const { availableParallelism } = await import('node:os');
  const times = await reviewTimes(await loadEngine(), size, mode, counts);
  printReviewTimes(times, size, mode, availableParallelism());
  if (values.json) console.log(JSON.stringify({ size, mode, times }));
}
