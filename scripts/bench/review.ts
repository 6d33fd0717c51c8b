/**
 * The post-game review's figures for `npm run bench`: how long a whole game's review takes per
 * board size (a Hard-against-Medium game, every scoring mode), how many of its positions the
 * solver proved, and the slowest position (what one progress step may take). In wasm from Node,
 * on this thread: the browser runs the same calls in a Web Worker. Target: a 10×10 game well
 * under a minute.
 */
import { performance } from 'node:perf_hooks';
import type { Engine, ScoringMechanism } from '../../src/engine';
import { analyseGame, type Analyst } from '../../src/game/review/analyse';
import { benchGame } from '../bench-review';

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

export async function reviewFigures(engine: Engine): Promise<ReviewFigures> {
  const analyst: Analyst = { solve: async (request) => engine.solve(request), think: async (request) => engine.chooseMove(request) };
  const figures: ReviewFigures = {};
  for (const size of SIZES) {
    for (const mode of MODES) {
      const { record, steps } = benchGame(engine, size, mode);
      let slowestMs = 0;
      const start = performance.now();
      let last = start;
      const positions = await analyseGame(record, steps, analyst, () => {
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
