/**
 * The analysis board's engine work for one position, deepening round by round so a first answer
 * shows at once and then improves: every legal cell valued by a short Expert search of the
 * position it leads to (the cell's value for the mover is minus the opponent's value there),
 * then the best few searched again with a bigger budget, and the exact solver, which values every
 * legal cell to the final margin, where it reaches. The three best cells are kept (multi-PV).
 *
 * A generator, so the worker (src/ui/analysis/analysisWorker.ts) posts each round as it comes
 * and can drop a position the player has left between two searches: `null` marks such a point.
 */
import type { BoardState, CellKey, CellPosition, Engine, PlayerIndex, ScoringMechanism } from '../../engine';

export interface SearchPosition {
  board: BoardState;
  player: PlayerIndex; // to move
  mode: ScoringMechanism;
  mirrorRule: boolean;
}

/** One candidate move, its value for the mover, and the replies Expert expects after it (none when proven). */
export type Candidate =
  | { cell: CellPosition; exact: false; value: number; line: CellPosition[] } // Expert's scale (judgement.ts): higher is better, beyond ±1000 decided
  | { cell: CellPosition; exact: true; value: bigint; line: CellPosition[] }; // the mover's final margin with best play

/** How many of the expected replies are shown after a move. */
export const LINE_LENGTH = 5;

export interface AnalysisUpdate {
  round: number; // 1 the first answer; grows as it deepens
  done: boolean; // nothing deeper will come
  exact: boolean; // proven by the solver: `top` holds exact margins
  top: Candidate[]; // the best three (fewer when fewer cells are legal), best first
  nodes: number; // positions searched so far, all rounds together
}

/** The rounds' budgets: how many cells each searches again (all in the first) and with how many nodes each. */
export interface SearchPlan {
  rounds: readonly { cells: number; nodes: number }[];
  solveFromFree: number; // the solver is tried from this many free cells down
  solveMs: number;
}

/**
 * Expert visits about ten million positions a second in wasm: the first round is a few
 * milliseconds a cell (a second on an empty 16×16), the last about a second in all. The solver
 * values every cell of a 14-free-cell 6×6 endgame in well under a second; 16 is tried with 2 s.
 */
export const SEARCH_PLAN: SearchPlan = {
  rounds: [
    { cells: Infinity, nodes: 20_000 },
    { cells: 12, nodes: 200_000 },
    { cells: 6, nodes: 1_000_000 },
    { cells: 4, nodes: 4_000_000 },
  ],
  solveFromFree: 16,
  solveMs: 2_000,
};

export const TOP_MOVES = 3;

/** Expert's value beyond which a game is decided (its WIN is 1000). */
const DECIDED = 1000;

type SearchEngine = Pick<Engine, 'chooseMove' | 'solve' | 'evaluateCells' | 'scores'>;

const key = (cell: CellPosition): CellKey => `${cell.gridX}-${cell.gridY}`;

function taking(board: BoardState, cell: CellPosition, player: PlayerIndex): BoardState {
  const cells: [Set<CellKey>, Set<CellKey>] = [new Set(board.occupiedCells[0]), new Set(board.occupiedCells[1])];
  cells[player].add(key(cell));
  return { ...board, occupiedCells: cells };
}

/** Best first; equal values keep the earlier order (the engine's own ordering of the cells). */
function ranked(values: Map<CellKey, number>, order: readonly CellPosition[]): CellPosition[] {
  return [...order].sort((a, b) => values.get(key(b))! - values.get(key(a))!);
}

export function* analysePosition(engine: SearchEngine, position: SearchPosition, plan: SearchPlan = SEARCH_PLAN): Generator<AnalysisUpdate | null> {
  const { board, player, mode, mirrorRule } = position;
  const opponent: PlayerIndex = player === 0 ? 1 : 0;
  const rules = mirrorRule ? { mirrorRule: true } : {};
  // The engine's own quick ordering: the likeliest cells first, so equal values favour them.
  let order = engine
    .evaluateCells(board, player, mode, rules)
    .sort((a, b) => b.value - a.value)
    .map((evaluation) => evaluation.cell);
  if (order.length === 0) {
    yield { round: 1, done: true, exact: true, top: [], nodes: 0 };
    return;
  }
  const free = board.gridWidth * board.gridHeight - board.occupiedCells[0].size - board.occupiedCells[1].size;
  const values = new Map<CellKey, number>();
  const lines = new Map<CellKey, CellPosition[]>();
  let nodes = 0;
  const estimated = (): Candidate[] =>
    order.slice(0, TOP_MOVES).map((cell) => ({ cell, exact: false, value: values.get(key(cell))!, line: lines.get(key(cell)) ?? [] }));

  for (const [index, round] of plan.rounds.entries()) {
    for (const cell of order.slice(0, round.cells)) {
      const child = taking(board, cell, player);
      const reply = engine.chooseMove({ board: child, player: opponent, level: 'expert', mode, seed: 1, nodeLimit: round.nodes, timeMs: 60_000, ...rules });
      nodes += reply?.stats.nodes ?? 0;
      values.set(key(cell), reply ? -reply.stats.value : finalValue(engine, child, mode, player));
      lines.set(key(cell), reply ? reply.stats.principalVariation.slice(0, LINE_LENGTH) : []);
      yield null;
    }
    order = ranked(values, order);
    const last = index === plan.rounds.length - 1;
    const solving = index === 0 && free <= plan.solveFromFree;
    yield { round: index + 1, done: last && !solving, exact: false, top: estimated(), nodes };
    if (solving) {
      // After the first answer: the proof, which ends the work where it comes.
      const solved = engine.solve({ board, player, mode, timeMs: plan.solveMs, ...rules });
      yield null;
      if (solved) {
        nodes += solved.nodes;
        const top = [...solved.cells].sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0)).slice(0, TOP_MOVES);
        yield { round: index + 2, done: true, exact: true, top: top.map(({ cell, value }) => ({ cell, exact: true, value, line: [] })), nodes };
        return;
      }
      if (last) yield { round: index + 1, done: true, exact: false, top: estimated(), nodes };
    }
  }
}

/** A move that fills the board: decided by the final scores, on Expert's scale. */
function finalValue(engine: SearchEngine, board: BoardState, mode: ScoringMechanism, player: PlayerIndex): number {
  const [mine, theirs] = player === 0 ? engine.scores(board, mode) : [...engine.scores(board, mode)].reverse();
  return mine! > theirs! ? DECIDED : mine! < theirs! ? -DECIDED : 0;
}
