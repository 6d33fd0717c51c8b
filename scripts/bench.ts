/**
 * `npm run bench`: the engine's speed in wasm (from Node) and native, on the same
 * boards, the size of engine.wasm, the AI's figures (./bench/ai.ts), the solver's reach
 * (./bench/solver.ts) and a whole game's post-game review (./bench/review.ts).
 * `--json` adds one JSON object on the last line.
 *
 * Figures, not assertions: these machines are shared, so numbers vary run to run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadEngine } from '../src/engine/load';
import { SCORING_MECHANISMS, type BoardState, type CellKey } from '../src/engine';
import { aiFigures, printAiFigures } from './bench/ai';
import { printSolverFigures, solverFigures } from './bench/solver';
import { printReviewFigures, reviewFigures } from './bench/review';
import { printReviewTimes, reviewTimes } from './bench-review';
import { random } from './bench/random';

const root = fileURLToPath(new URL('..', import.meta.url));
// Each figure is the best of TRIES runs of at least TRY_MS: on a shared machine,
// the fastest run is the one least disturbed by other work.
const TRY_MS = 150;
const TRIES = 5;
const BOARDS_PER_SET = 1024;
const HALVES = 16; // two players × four u64 words, as u32 halves

interface BoardSet {
  label: string;
  width: number;
  height: number;
  boards: Uint32Array; // BOARDS_PER_SET × HALVES
}

/** Boards whose cells are each free with probability `free`, else either player's. */
function boardSet(label: string, side: number, free: number, seed: number): BoardSet {
  const next = random(seed);
  const boards = new Uint32Array(BOARDS_PER_SET * HALVES);
  for (let b = 0; b < BOARDS_PER_SET; b++) {
    for (let bit = 0; bit < side * side; bit++) {
      if (next() < free) continue;
      const player = next() < 0.5 ? 0 : 1;
      boards[b * HALVES + player * 8 + (bit >>> 5)]! |= 1 << (bit & 31);
    }
  }
  return { label, width: side, height: side, boards };
}

/** Items per second of `round` (which handles `items` items). */
function rate(items: number, round: () => number): number {
  let sink = round(); // warm up
  let best = 0;
  for (let t = 0; t < TRIES; t++) {
    const start = performance.now();
    let rounds = 0;
    while (performance.now() - start < TRY_MS) {
      sink += round();
      rounds++;
    }
    best = Math.max(best, (rounds * items) / ((performance.now() - start) / 1000));
  }
  if (Number.isNaN(sink)) throw new Error('a benchmark round returned NaN');
  return best;
}

function freeCells(set: BoardSet, b: number): number[] {
  const cells: number[] = [];
  for (let bit = 0; bit < set.width * set.height; bit++) {
    const half = (p: number) => set.boards[b * HALVES + p * 8 + (bit >>> 5)]! >>> (bit & 31);
    if (((half(0) | half(1)) & 1) === 0) cells.push(bit);
  }
  return cells;
}

function toBoardState(set: BoardSet, b: number): BoardState {
  const occupied: [Set<CellKey>, Set<CellKey>] = [new Set(), new Set()];
  for (let bit = 0; bit < set.width * set.height; bit++) {
    for (const p of [0, 1] as const) {
      if ((set.boards[b * HALVES + p * 8 + (bit >>> 5)]! >>> (bit & 31)) & 1) {
        occupied[p].add(`${bit % set.width}-${Math.floor(bit / set.width)}`);
      }
    }
  }
  return { occupiedCells: occupied, gridWidth: set.width, gridHeight: set.height };
}

const sets = [
  boardSet('10x10 half full', 10, 0.5, 10),
  boardSet('6x6 half full', 6, 0.5, 6),
  boardSet('8x8 half full', 8, 0.5, 8),
  boardSet('16x16 half full', 16, 0.5, 16),
  boardSet('10x10 full', 10, 0, 100),
  // The large boards, where scores pass 2^64 and every product is a 128-bit one.
  boardSet('12x12 half full', 12, 0.5, 12),
  boardSet('14x14 half full', 14, 0.5, 14),
  boardSet('12x12 full', 12, 0, 120),
  boardSet('14x14 full', 14, 0, 140),
  boardSet('16x16 full', 16, 0, 160),
];

const engine = await loadEngine();
const wasm = engine.exports;
const figures: Record<string, Record<string, number>> = {};
const record = (key: string, field: string, value: number) => ((figures[key] ??= {})[field] = Math.round(value));

for (const set of sets) {
  new Uint32Array(wasm.memory.buffer, wasm.cc_batch_ptr(), set.boards.length).set(set.boards);
  SCORING_MECHANISMS.forEach((mode, code) => {
    const perSecond = rate(BOARDS_PER_SET, () => wasm.cc_score_batch(code, set.width, set.height, BOARDS_PER_SET));
    record(`score ${set.label} ${mode}`, 'wasm', perSecond);
  });
}

// Prediction on 10×10: one call per cell of each board, as the native run does.
const first = sets[0]!;
const free = Array.from({ length: BOARDS_PER_SET }, (_, b) => freeCells(first, b).length).reduce((a, b) => a + b, 0);
new Uint32Array(wasm.memory.buffer, wasm.cc_size_ptr(), 2).set([first.width, first.height]);
record(
  'predict 10x10 half full connection',
  'wasm',
  rate(free, () => {
    let sum = 0;
    for (let b = 0; b < BOARDS_PER_SET; b++) {
      // A view per board: linear memory may grow, which detaches old views.
      const cells = new Uint32Array(wasm.memory.buffer, wasm.cc_cells_ptr(), HALVES);
      cells.set(first.boards.subarray(b * HALVES, (b + 1) * HALVES));
      for (let i = 0; i < first.width * first.height; i++) {
        sum += wasm.cc_predict(0, i % first.width, Math.floor(i / first.width), 0);
      }
    }
    return sum;
  }),
);

// What the app pays per call through the typed API (board state in, scores out).
const states = Array.from({ length: 256 }, (_, b) => toBoardState(first, b));
record(
  'typed API scores() 10x10 half full connection',
  'wasm',
  rate(states.length, () => Number(states.reduce((sum, s) => sum + engine.scores(s, 'connection')[0], 0n))),
);

// Native: the same boards, through the same ffi functions, compiled for this CPU.
const file = `${root}target/bench/boards.bin`;
mkdirSync(`${root}target/bench`, { recursive: true });
const header = new Uint32Array([sets.length]);
const parts: Uint32Array[] = [header];
for (const set of sets) parts.push(new Uint32Array([set.width, set.height, BOARDS_PER_SET]), set.boards);
writeFileSync(file, Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength))));
// Built for this CPU (popcnt and all), in its own target dir so the test build stays cached.
const nativeEnv = { ...process.env, RUSTFLAGS: '-C target-cpu=native', CARGO_TARGET_DIR: `${root}target/bench-native` };
const native = execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'bench', '--', file], {
  cwd: root,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  env: nativeEnv,
});
for (const line of native.trim().split('\n')) {
  const figure = JSON.parse(line) as { figure: string; set: number; mode: string; perSecond: number };
  const label = sets[figure.set]!.label;
  record(`${figure.figure} ${label} ${figure.mode}`, 'native', figure.perSecond);
}

// The computer opponent: ms per move for every level, and Expert's search in 1 s.
const ai = aiFigures(engine, root, nativeEnv);

// The exact endgame solver: how many free cells it solves within 1 s.
const solver = solverFigures(engine, root, nativeEnv);

// The post-game review: a whole game's analysis per board size and mode.
const review = await reviewFigures(engine);
// And a whole 16×16 game's, on four engine workers as the page runs it on a 4-core machine.
const largeReview = await reviewTimes(engine, 16, 'connection', [4]);

const wasmBytes = statSync(`${root}src/engine/generated/engine.wasm`).size;

const pad = (s: string, n: number) => s.padEnd(n);
const num = (n: number | undefined) => (n === undefined ? '-' : n.toLocaleString('en-US')).padStart(13);
console.log(`${pad('figure (per second)', 52)}${'wasm'.padStart(13)}${'native'.padStart(13)}  wasm/native`);
for (const [key, { wasm: w, native: n }] of Object.entries(figures)) {
  const ratio = w && n ? `${((100 * w) / n).toFixed(0)}%` : '';
  console.log(`${pad(key, 52)}${num(w)}${num(n)}  ${ratio.padStart(11)}`);
}
console.log(`engine.wasm size: ${wasmBytes.toLocaleString('en-US')} bytes (${(wasmBytes / 1024).toFixed(1)} kB)`);
printAiFigures(ai);
printSolverFigures(solver);
printReviewFigures(review);
printReviewTimes(largeReview, 16, 'connection', availableParallelism());
if (process.argv.includes('--json')) console.log(JSON.stringify({ figures, wasmBytes, ai, solver, review, largeReview }));
