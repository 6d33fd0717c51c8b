/**
 * The exact endgame solver's figures for `npm run bench`: per board size and
 * scoring mode, the most free cells solved within 1 s (every endgame tried at
 * that count, from Hard-against-Hard games), and nodes per second, in wasm and
 * natively (engine-rs/examples/solve_bench.rs). Solved means the exact value
 * with best play and a best move (`bestOnly`, as Expert and the review use
 * it); the wasm figures also give the reach of every free cell's exact value
 * (`/evaluate`'s), a proof per cell.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { BoardState, CellKey, Engine, PlayerIndex, ScoringMechanism } from '../../src/engine';

const SIZES = [6, 8, 10, 12, 14, 16];
const MODES: ScoringMechanism[] = ['connection', 'expansion', 'extension'];
const GAMES = 2; // endgames per free-cell count
const FROM_FREE = 8;
const BUDGET_MS = 1000;

export interface Reach {
  freeCellsIn1s: number;
  nodesPerSecond: number;
}

export interface SolverFigures {
  /** `"10x10 connection"` → reach in wasm (the position, and every cell) and natively. */
  reach: Record<string, { wasm: Reach; wasmEveryCell: Reach; native: Reach }>;
}

/** A Hard-against-Hard game (player 0 first) stopped with `free` cells left. */
function endgame(engine: Engine, size: number, mode: ScoringMechanism, seed: number, free: number) {
  const cells: [Set<CellKey>, Set<CellKey>] = [new Set(), new Set()];
  const board = (): BoardState => ({ gridWidth: size, gridHeight: size, occupiedCells: cells });
  let player: PlayerIndex = 0;
  for (let left = size * size; left > free; left--) {
    const move = engine.chooseMove({ board: board(), player, level: 'hard', mode, seed: seed + left });
    if (!move) break;
    cells[player].add(`${move.cell.gridX}-${move.cell.gridY}`);
    player = player === 0 ? 1 : 0;
  }
  return { board: board(), player };
}

function wasmReach(engine: Engine, size: number, mode: ScoringMechanism, bestOnly: boolean): Reach {
  let [reach, nodes, ms] = [0, 0, 0];
  for (let free = FROM_FREE; free <= size * size; free++) {
    let solvedAll = true;
    for (let game = 0; game < GAMES && solvedAll; game++) {
      const { board, player } = endgame(engine, size, mode, size * 1000 + free * 10 + game, free);
      const start = performance.now();
      const solved = engine.solve({ board, player, mode, timeMs: BUDGET_MS, bestOnly });
      const took = performance.now() - start;
      if (solved) {
        nodes += solved.nodes;
        ms += took;
      } else solvedAll = false;
    }
    if (!solvedAll) break;
    reach = free;
  }
  return { freeCellsIn1s: reach, nodesPerSecond: ms > 0 ? Math.round((nodes * 1000) / ms) : 0 };
}

export function solverFigures(engine: Engine, root: string, env: NodeJS.ProcessEnv): SolverFigures {
  const figures: SolverFigures = { reach: {} };
  const out = execFileSync(
    'cargo',
    ['run', '--quiet', '--release', '--example', 'solve_bench', '--', SIZES.join(','), String(GAMES)],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env },
  );
  const native = new Map<string, Reach>();
  for (const line of out.trim().split('\n')) {
    const { size, mode, freeCellsIn1s, nodesPerSecond } = JSON.parse(line) as Reach & { size: number; mode: string };
    native.set(`${size}x${size} ${mode}`, { freeCellsIn1s, nodesPerSecond });
  }
  for (const size of SIZES) {
    for (const mode of MODES) {
      const key = `${size}x${size} ${mode}`;
      figures.reach[key] = {
        wasm: wasmReach(engine, size, mode, true),
        wasmEveryCell: wasmReach(engine, size, mode, false),
        native: native.get(key) ?? { freeCellsIn1s: 0, nodesPerSecond: 0 },
      };
    }
  }
  return figures;
}

export function printSolverFigures({ reach }: SolverFigures): void {
  console.log(`\nExact endgame solver: most free cells solved within ${BUDGET_MS} ms (${GAMES} Hard-vs-Hard endgames each), target 16 on 10x10 and on 16x16`);
  console.log('(solved: the exact value with best play and a best move; every cell: each free cell\'s exact value too)');
  const widths = [13, 14, 13, 14, 13];
  const row = (label: string, f: string[]) => label.padEnd(40) + f.map((s, i) => s.padStart(widths[i]!)).join('');
  console.log(row('board, scoring mode', ['wasm cells', 'nodes/s', 'every cell', 'native cells', 'nodes/s']));
  for (const [key, { wasm, wasmEveryCell, native }] of Object.entries(reach)) {
    const n = (x: number) => x.toLocaleString('en-US');
    console.log(row(key, [String(wasm.freeCellsIn1s), n(wasm.nodesPerSecond), String(wasmEveryCell.freeCellsIn1s), String(native.freeCellsIn1s), n(native.nodesPerSecond)]));
  }
}
