/**
 * The post-game review's state on the replay page: started by the player, run in Web Workers of
 * its own (never the page's thread, never the hint's or the computer's worker), one per core up
 * to four, each analysing one position at a time; and cancelled at once: Cancel ends every
 * worker, so no search goes on using the CPU. Leaving the page cancels it too.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { AiCancelledError } from '../../../engine/thinker';
import { spawnBrowserWorker } from '../../../engine/worker-browser';
import type { GameRecord } from '../../../game/record';
import type { ReplayStep } from '../../../game/replay';
import { analyseGame, chartChance, type PositionReview } from '../../../game/review/analyse';
import { judgeMoves, type MoveReview } from '../../../game/review/moves';
import { ReviewWorkers, reviewWorkerCount } from '../../../game/review/pool';

export type ReviewStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

export interface GameReview {
  status: ReviewStatus;
  done: number; // positions analysed
  total: number; // positions in the game (the empty board to the last)
  positions: readonly (PositionReview | undefined)[]; // positions[k] is position k once analysed
  moves: readonly (MoveReview | null)[]; // moves[k - 1] is move k, null until judged
  chart: readonly (number | null)[]; // each position's expected result for Player 1, null until known
  error: string | null;
  start(): void;
  cancel(): void;
}

interface State {
  status: ReviewStatus;
  done: number;
  positions: readonly (PositionReview | undefined)[];
  error: string | null;
}

const IDLE: State = { status: 'idle', done: 0, positions: [], error: null };

/** The cores the review may use: the browser's count, or one where it does not say. */
const cores = () => (typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency);

export function useGameReview(record: GameRecord, steps: readonly ReplayStep[]): GameReview {
  const [workers] = useState(() => new ReviewWorkers(reviewWorkerCount(cores()), spawnBrowserWorker));
  const [state, setState] = useState<State>(IDLE);
  const run = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      run.current?.abort();
      workers.dispose();
    },
    [workers],
  );

  const start = () => {
    run.current?.abort();
    const controller = new AbortController();
    run.current = controller;
    setState({ status: 'running', done: 0, positions: [], error: null });
    const still = () => !controller.signal.aborted;
    analyseGame(record, steps, workers.analysts, ({ done, positions }) => still() && setState({ status: 'running', done, positions, error: null }), controller.signal).then(
      (positions) => still() && setState({ status: 'done', done: positions.length, positions, error: null }),
      (error: unknown) => {
        if (error instanceof AiCancelledError || !still()) return;
        setState({ status: 'failed', done: 0, positions: [], error: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  const cancel = () => {
    run.current?.abort();
    run.current = null;
    workers.cancel();
    setState({ status: 'cancelled', done: 0, positions: [], error: null });
  };

  const { positions } = state;
  const moves = useMemo(() => judgeMoves(steps, positions), [steps, positions]);
  const chart = useMemo(() => steps.map((_, index) => (positions[index] ? chartChance(positions[index], positions[index + 1]) : null)), [steps, positions]);
  return { ...state, total: steps.length, moves, chart, start, cancel };
}
