/**
 * The post-game review's figures for `npm run bench`: how long a whole game's review takes per
 * board size (a Hard-against-Medium game, every scoring mode), how many of its positions the
 * solver proved, and the slowest position (what one progress step may take). In wasm from Node,
 * on this thread: the browser runs the same calls in a Web Worker. Target: a 10×10 game well
 * under a minute.
 */
import { performance } from 'node:perf_hooks';
import type { BoardState, CellKey, CellPosition, Engine, PlayerIndex, Scores, ScoringMechanism } from '../../src/engine';
import { resultOfScores, type GameRecord } from '../../src/game/record';
import { replayRecord } from '../../src/game/replay';
import { analyseGame, type Analyst } from '../../src/game/review/analyse';

const SIZES = [6, 8, 10];
const MODES: ScoringMechanism[] = ['connection', 'expansion', 'extension'];

export interface ReviewFigure {
  seconds: number;
  positions: number;
  exact: number;
  slowestMs: number;
}

/** `"10x10 connection"` → its review's figures. */
export type ReviewFigures = Record<string, ReviewFigure>;

function game(engine: Engine, size: number, mode: ScoringMechanism): GameRecord {
  let board: BoardState = { gridWidth: size, gridHeight: size, occupiedCells: [new Set<CellKey>(), new Set<CellKey>()] };
  let scores: Scores = [0n, 0n];
  const moves: CellPosition[] = [];
  for (let turn = 0; turn < size * size; turn++) {
    const player: PlayerIndex = turn % 2 === 0 ? 0 : 1;
    const { cell } = engine.chooseMove({ board, player, level: player === 0 ? 'hard' : 'medium', mode, seed: turn + 1 })!;
    const played = engine.play(board, cell, player, mode);
    if (!played.ok) throw new Error(played.rejection);
    ({ board, scores } = played);
    moves.push(cell);
  }
  return { width: size, height: size, mode, firstPlayer: 0, moves, result: resultOfScores(scores) };
}

export async function reviewFigures(engine: Engine): Promise<ReviewFigures> {
  const analyst: Analyst = { solve: async (request) => engine.solve(request), think: async (request) => engine.chooseMove(request) };
  const figures: ReviewFigures = {};
  for (const size of SIZES) {
    for (const mode of MODES) {
      const record = game(engine, size, mode);
      const replay = replayRecord(record, engine);
      if (!replay.ok) throw new Error(replay.error);
      let slowestMs = 0;
      const start = performance.now();
      let last = start;
      const positions = await analyseGame(record, replay.steps, analyst, () => {
        const now = performance.now();
        slowestMs = Math.max(slowestMs, now - last);
        last = now;
      });
      figures[`${size}x${size} ${mode}`] = {
        seconds: (performance.now() - start) / 1000,
        positions: positions.length,
        exact: positions.filter((position) => position.exact).length,
        slowestMs,
      };
    }
  }
  return figures;
}

export function printReviewFigures(figures: ReviewFigures): void {
  console.log('post-game review of a whole game (target: 10x10 well under 60 s)');
  for (const [key, figure] of Object.entries(figures)) {
    const proved = `${figure.exact} of ${figure.positions} positions exact`;
    console.log(`  ${key.padEnd(18)} ${figure.seconds.toFixed(1).padStart(6)} s  ${proved.padEnd(28)} slowest position ${Math.round(figure.slowestMs)} ms`);
  }
}
