import { useEffect, useState } from 'react';
import type { AiMove } from '../engine';
import { Thinker } from '../engine/thinker';
import { spawnBrowserWorker } from '../engine/worker-browser';
import { exampleBoard } from './exampleBoard';

type Thought = { state: 'thinking' } | { state: 'done'; move: AiMove | null } | { state: 'failed'; message: string };

/**
 * Stand-in until the game screens exist: proves the computer opponent searches in
 * a Web Worker in the browser, by asking Expert for green's move on the example board.
 */
export function ComputerMoveCheck() {
  const [thought, setThought] = useState<Thought>({ state: 'thinking' });

  useEffect(() => {
    const thinker = new Thinker(spawnBrowserWorker);
    thinker
      .think({ board: exampleBoard, player: 0, level: 'expert', mode: 'connection', seed: 1, timeMs: 300 })
      .then(
        (move) => setThought({ state: 'done', move }),
        (error: unknown) => {
          if (error instanceof Error && error.name === 'AiCancelledError') return;
          setThought({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
        },
      );
    return () => thinker.dispose();
  }, []);

  if (thought.state === 'thinking') return <p>The computer is thinking…</p>;
  if (thought.state === 'failed') return <p role="alert">The computer could not move: {thought.message}</p>;
  if (!thought.move) return <p>The board is full.</p>;
  const { cell, stats } = thought.move;
  return (
    <p>
      Expert would play green on <span data-testid="computer-move">{`${cell.gridX}-${cell.gridY}`}</span>, after searching{' '}
      <span data-testid="computer-depth">{stats.depth}</span> plies ({stats.nodes.toLocaleString('en-US')} positions).
    </p>
  );
}
