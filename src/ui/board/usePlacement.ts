import { useEffect, useState, useSyncExternalStore } from 'react';
import type { BoardState } from '../../engine';
import { PLACEMENT_MS, placedCells, type PlacedCell } from '../../board/motion';

/** One placement animation; a new object for each move, so the canvas restarts its clock. */
export interface Placement {
  cells: readonly PlacedCell[];
}

/** Slack after the growth's last frame before the cells join the static layer (frames can start late). */
const SETTLE_MS = 60;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the player asked the system for less motion. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

/**
 * The cells the last board change placed, while they grow in; null otherwise.
 * Worked out while rendering the new board, so no frame shows the new cell full
 * size before its growth starts. Undo, reset and new games animate nothing
 * (see placedCells), nor does anything under prefers-reduced-motion.
 */
export function usePlacement(board: BoardState): Placement | null {
  const reduced = usePrefersReducedMotion();
  const [seen, setSeen] = useState<{ board: BoardState; placement: Placement | null }>({ board, placement: null });
  if (seen.board !== board) {
    const cells = reduced ? [] : placedCells(seen.board, board);
    setSeen({ board, placement: cells.length > 0 ? { cells } : null });
  }

  const { placement } = seen;
  useEffect(() => {
    if (!placement) return;
    const timer = setTimeout(() => {
      setSeen((current) => (current.placement === placement ? { ...current, placement: null } : current));
    }, PLACEMENT_MS + SETTLE_MS);
    return () => clearTimeout(timer);
  }, [placement]);

  return seen.board === board ? placement : null;
}
