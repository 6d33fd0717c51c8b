/**
 * The post-game review's state on the replay page (issue 15, item 3): started by the player,
 * run position by position in a Web Worker of its own (never the page's thread, never the hint's
 * or the computer's worker), and cancelled at once: Cancel ends the worker, so no search goes on
 * using the CPU. Leaving the page cancels it too.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { AiCancelledError, Thinker } from '../../../engine/thinker';
import { spawnBrowserWorker } from '../../../engine/worker-browser';
import type { GameRecord } from '../../../game/record';
import type { ReplayStep } from '../../../game/replay';
import { analyseGame, chartChance, type PositionReview } from '../../../game/review/analyse';
import { judgeMoves, type MoveReview } from '../../../game/review/moves';

export type ReviewStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

export interface GameReview {
  status: ReviewStatus;
  done: number; // positions analysed
  total: number; // positions in the game (the empty board to the last)
  positions: readonly PositionReview[]; // in order, as far as analysed
  moves: readonly (MoveReview | null)[]; // moves[k - 1] is move k, null until judged
  chart: readonly (number | null)[]; // each position's expected result for Player 1, null until known
  error: string | null;
  start(): void;
  cancel(): void;
}

interface State {
  status: ReviewStatus;
  positions: readonly PositionReview[];
  error: string | null;
}

const IDLE: State = { status: 'idle', positions: [], error: null };

export function useGameReview(record: GameRecord, steps: readonly ReplayStep[]): GameReview {
  const [thinker] = useState(() => new Thinker(spawnBrowserWorker));
  const [state, setState] = useState<State>(IDLE);
  const run = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      run.current?.abort();
      thinker.dispose();
    },
    [thinker],
  );

  const start = () => {
    run.current?.abort();
    const controller = new AbortController();
    run.current = controller;
    setState({ status: 'running', positions: [], error: null });
    const still = () => !controller.signal.aborted;
    analyseGame(record, steps, thinker, ({ positions }) => still() && setState({ status: 'running', positions, error: null }), controller.signal).then(
      (positions) => still() && setState({ status: 'done', positions, error: null }),
      (error: unknown) => {
        if (error instanceof AiCancelledError || !still()) return;
        setState({ status: 'failed', positions: [], error: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  const cancel = () => {
    run.current?.abort();
    run.current = null;
    thinker.cancel();
    setState({ status: 'cancelled', positions: [], error: null });
  };

  const { positions } = state;
  const moves = useMemo(() => judgeMoves(steps, positions), [steps, positions]);
  const chart = useMemo(() => steps.map((_, index) => (positions[index] ? chartChance(positions[index], positions[index + 1]) : null)), [steps, positions]);
  return { ...state, done: positions.length, total: steps.length, moves, chart, start, cancel };
}
