/**
 * The AI figures of `npm run bench`: milliseconds per move for every level on
 * fixed seeded positions of every board size, and Expert's nodes per second and
 * depth reached in 1 s on middle games of 10×10 to 16×16, in wasm (through the
 * typed API) and natively (engine-rs/examples/bench_ai.rs).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  AI_LEVELS,
  SCORING_MECHANISMS,
  type AiLevel,
  type BoardState,
  type CellKey,
  type Engine,
  type PlayerIndex,
  type ScoringMechanism,
} from '../../src/engine';
import { random } from './random';
import { median, p95 } from './stats';

const SIZES = [6, 8, 10, 12, 14, 16];
const MIDDLE_GAME_SIZES = [10, 12, 14, 16]; // Expert's depth in 1 s, half the cells taken
const POSITIONS = 20; // per row: fills from empty to 95% taken
const MOVES_MODE: ScoringMechanism = 'connection'; // the mode of the ms-per-move rows
const HARD_FREE = 24; // Hard's hardest case: the first position it searches 4 plies deep
const EXPERT_NODES = 50_000; // Expert's budget in the ms-per-move rows (reproducible, quick)
const EXPERT_SECOND_MS = 1000;
const REPEATS = 3; // each move is timed this many times; the fastest counts
const HALVES = 16; // two players × four u64 words, as u32 halves

interface SeededPosition {
  side: number;
  player: PlayerIndex; // to move
  cells: Uint32Array; // HALVES
}

interface Job {
  row: string;
  level: AiLevel;
  mode: ScoringMechanism;
  position: SeededPosition;
  timeMs: number; // 0: none
  nodes: number; // 0: none
  repeats: number;
}

interface Outcome {
  ms: number; // the fastest of the job's repeats
  depth: number;
  nodes: number;
  elapsedMs: number; // the search's own measure
}

export interface Spread {
  median: number;
  p95: number;
}

export interface ExpertSecond {
  nodesPerSecond: number;
  depth: number;
  nodes: number;
  elapsedMs: number;
}

export interface AiFigures {
  /** Per row: the median and p95 of the milliseconds per move, wasm and native. */
  msPerMove: Record<string, { wasm: Spread; native: Spread }>;
  /** Per board and scoring mode (`"16x16 connection"`): Expert with 1 s on a middle game. */
  expertSecond: Record<string, { wasm: ExpertSecond; native: ExpertSecond }>;
  settings: {
    positionsPerRow: number;
    movesMode: ScoringMechanism;
    expertNodes: number;
    repeats: number;
    middleGameSizes: number[];
  };
}

/** A position reached by `taken` random moves, players alternating from player 0. */
function seededPosition(side: number, taken: number, seed: number): SeededPosition {
  const next = random(seed);
  const free = Array.from({ length: side * side }, (_, i) => i);
  const cells = new Uint32Array(HALVES);
  for (let move = 0; move < taken; move++) {
    const [bit] = free.splice(Math.floor(next() * free.length), 1) as [number];
    cells[(move % 2) * 8 + (bit >>> 5)]! |= 1 << (bit & 31);
  }
  return { side, player: (taken % 2) as PlayerIndex, cells };
}

function toBoardState({ side, cells }: SeededPosition): BoardState {
  const occupied: [Set<CellKey>, Set<CellKey>] = [new Set(), new Set()];
  for (let bit = 0; bit < side * side; bit++) {
    for (const p of [0, 1] as const) {
      if ((cells[p * 8 + (bit >>> 5)]! >>> (bit & 31)) & 1) occupied[p].add(`${bit % side}-${Math.floor(bit / side)}`);
    }
  }
  return { occupiedCells: occupied, gridWidth: side, gridHeight: side };
}

const expertNodesLabel = `(${EXPERT_NODES.toLocaleString('en-US')} nodes)`;

function jobs(): Job[] {
  const list: Job[] = [];
  const move = (row: string, level: AiLevel, mode: ScoringMechanism, position: SeededPosition) =>
    list.push({ row, level, mode, position, timeMs: 0, nodes: level === 'expert' ? EXPERT_NODES : 0, repeats: REPEATS });
  for (const side of SIZES) {
    const positions = Array.from({ length: POSITIONS }, (_, k) =>
      seededPosition(side, Math.floor((k * side * side) / POSITIONS), side * 1000 + k),
    );
    for (const level of AI_LEVELS) {
      const row = `${level} ${side}x${side}${level === 'expert' ? ` ${expertNodesLabel}` : ''}`;
      for (const position of positions) move(row, level, MOVES_MODE, position);
    }
  }
  for (const side of [10, 16]) {
    const area = side * side;
    const hardCase = Array.from({ length: POSITIONS }, (_, k) => seededPosition(side, area - HARD_FREE, 24_000 + k));
    for (const mode of SCORING_MECHANISMS) {
      const row = `hard ${side}x${side} at ${HARD_FREE} free cells, ${mode}`;
      for (const position of hardCase) move(row, 'hard', mode, position);
    }
  }
  for (const side of MIDDLE_GAME_SIZES) {
    const middle = seededPosition(side, (side * side) / 2, 5050);
    for (const mode of SCORING_MECHANISMS) {
      const row = `${side}x${side} ${mode}`;
      list.push({ row, level: 'expert', mode, position: middle, timeMs: EXPERT_SECOND_MS, nodes: 0, repeats: 1 });
    }
  }
  return list;
}

function runWasm(engine: Engine, list: Job[]): Outcome[] {
  return list.map((job, seed) => {
    const board = toBoardState(job.position);
    let outcome: Outcome = { ms: Infinity, depth: 0, nodes: 0, elapsedMs: 0 };
    for (let r = 0; r < job.repeats; r++) {
      const start = performance.now();
      const move = engine.chooseMove({
        board,
        player: job.position.player,
        level: job.level,
        mode: job.mode,
        seed,
        timeMs: job.timeMs || undefined,
        nodeLimit: job.nodes || undefined,
      });
      const ms = performance.now() - start;
      if (!move) throw new Error(`no move on a benchmark position (${job.row})`);
      const { depth, nodes, elapsedMs } = move.stats;
      outcome = { ms: Math.min(outcome.ms, ms), depth, nodes, elapsedMs };
    }
    return outcome;
  });
}

function runNative(root: string, env: NodeJS.ProcessEnv, list: Job[]): Outcome[] {
  const words = [list.length];
  list.forEach((job, seed) => {
    const { side, player, cells } = job.position;
    const header = [AI_LEVELS.indexOf(job.level), SCORING_MECHANISMS.indexOf(job.mode), player, side, side];
    words.push(...header, job.repeats, job.nodes, job.timeMs, seed, ...cells);
  });
  const file = `${root}target/bench/ai-jobs.bin`;
  writeFileSync(file, Buffer.from(new Uint32Array(words).buffer));
  const out = execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'bench_ai', '--', file], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  const outcomes: Outcome[] = [];
  for (const line of out.trim().split('\n')) {
    const { job, ...outcome } = JSON.parse(line) as Outcome & { job: number };
    outcomes[job] = outcome;
  }
  if (outcomes.length !== list.length) throw new Error(`bench_ai answered ${outcomes.length} of ${list.length} jobs`);
  return outcomes;
}

const second = ({ nodes, depth, elapsedMs }: Outcome): ExpertSecond => ({
  nodesPerSecond: elapsedMs > 0 ? Math.round((nodes * 1000) / elapsedMs) : 0,
  depth,
  nodes,
  elapsedMs: Math.round(elapsedMs),
});

/** Runs every AI figure in wasm, then natively (cargo with `env`, from `root`). */
export function aiFigures(engine: Engine, root: string, env: NodeJS.ProcessEnv): AiFigures {
  const list = jobs();
  const wasm = runWasm(engine, list);
  const native = runNative(root, env, list);
  const figures: AiFigures = {
    msPerMove: {},
    expertSecond: {},
    settings: {
      positionsPerRow: POSITIONS,
      movesMode: MOVES_MODE,
      expertNodes: EXPERT_NODES,
      repeats: REPEATS,
      middleGameSizes: MIDDLE_GAME_SIZES,
    },
  };
  const rows = [...new Set(list.filter((j) => j.timeMs === 0).map((j) => j.row))];
  const spread = (outcomes: Outcome[], row: string): Spread => {
    const ms = outcomes.filter((_, i) => list[i]!.row === row).map((o) => o.ms);
    const micro = (n: number) => Math.round(n * 1000) / 1000;
    return { median: micro(median(ms)), p95: micro(p95(ms)) };
  };
  for (const row of rows) figures.msPerMove[row] = { wasm: spread(wasm, row), native: spread(native, row) };
  list.forEach((job, i) => {
    if (job.timeMs > 0) figures.expertSecond[job.row] = { wasm: second(wasm[i]!), native: second(native[i]!) };
  });
  return figures;
}

/** One table row: a label and four figures (wasm two, native two). */
function row(label: string, figures: [string, string, string, string]): string {
  const widths = [13, 9, 15, 9];
  return label.padEnd(52) + figures.map((f, i) => f.padStart(widths[i]!)).join('');
}

const fixed = (n: number, digits: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The AI figures as two tables. */
export function printAiFigures({ msPerMove, expertSecond, settings }: AiFigures): void {
  console.log(
    `\nAI: ms per move over ${settings.positionsPerRow} seeded positions per row, ${settings.movesMode} unless named ` +
      `(each the fastest of ${settings.repeats}; expert by node budget)`,
  );
  console.log(row('level, board', ['wasm median', 'p95', 'native median', 'p95']));
  for (const [label, { wasm, native }] of Object.entries(msPerMove)) {
    console.log(row(label, [fixed(wasm.median, 3), fixed(wasm.p95, 3), fixed(native.median, 3), fixed(native.p95, 3)]));
  }
  const sizes = settings.middleGameSizes.map((s) => `${s}x${s}`).join(', ');
  console.log(`\nExpert with ${EXPERT_SECOND_MS} ms on a middle game of ${sizes} (half the cells taken, seeded); target depth 6 on 16x16`);
  console.log(row('board, scoring mode', ['wasm nodes/s', 'depth', 'native nodes/s', 'depth']));
  for (const [board, { wasm, native }] of Object.entries(expertSecond)) {
    const figures = [fixed(wasm.nodesPerSecond, 0), String(wasm.depth), fixed(native.nodesPerSecond, 0), String(native.depth)];
    console.log(row(board, figures as [string, string, string, string]));
  }
}
