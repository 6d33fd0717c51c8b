/**
 * Hints: the engine's suggestion for the player to move, searched at Expert's strength
 * in a Web Worker of its own, so the page never waits and the computer's own searches are never
 * cancelled by one. A hint belongs to the position it was asked on: any move (or undo, or a new
 * game) drops it, and a search still under way is cancelled.
 */
import { useEffect, useState } from 'react';
import type { BoardState, CellPosition, PlayerIndex, ScoringMechanism } from '../../engine';
import { AiCancelledError, Thinker } from '../../engine/thinker';
import { spawnBrowserWorker } from '../../engine/worker-browser';
import { logger } from '../../services/logger';

/** Expert's search budget for a hint: its level's own second per move. */
const HINT_TIME_MS = 1000;

export interface HintPosition {
  board: BoardState;
  player: PlayerIndex;
  mode: ScoringMechanism;
  seed: number;
  /** The game is under "No mirroring": a hint never suggests a move the rule refuses. */
  mirrorRule?: boolean;
}

export interface Hint {
  /** The suggested cell for the position on the board now, or null. */
  cell: CellPosition | null;
  /** A hint is being searched for. */
  searching: boolean;
  /** Searches for a hint on this position; `onShown` runs when it appears on the board. */
  ask(position: HintPosition, onShown: () => void): void;
}

interface Shown {
  board: BoardState;
  cell: CellPosition;
}

export function useHint(board: BoardState): Hint {
  const [thinker] = useState(() => new Thinker(spawnBrowserWorker));
  const [shown, setShown] = useState<Shown | null>(null);
  const [searchingOn, setSearchingOn] = useState<BoardState | null>(null);
  useEffect(() => () => thinker.dispose(), [thinker]);
  // A new position: the hint and any search for the old one are of no use any more.
  useEffect(() => () => thinker.cancel(), [thinker, board]);

  const ask = (position: HintPosition, onShown: () => void) => {
    setSearchingOn(position.board);
    thinker
      .think({
        board: position.board,
        player: position.player,
        level: 'expert',
        mode: position.mode,
        seed: position.seed,
        timeMs: HINT_TIME_MS,
        ...(position.mirrorRule ? { mirrorRule: true } : {}),
      })
      .then(
        (move) => {
          if (move) {
            setShown({ board: position.board, cell: move.cell });
            onShown();
          }
        },
        (error: unknown) => {
          if (!(error instanceof AiCancelledError)) logger.error('The hint search failed:', error);
        },
      )
      .finally(() => setSearchingOn((current) => (current === position.board ? null : current)));
  };

  return { cell: shown?.board === board ? shown.cell : null, searching: searchingOn === board, ask };
}
