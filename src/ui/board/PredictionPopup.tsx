import { useLayoutEffect, useRef } from 'react';
import type { Prediction } from '../../engine';
import { popupPosition } from '../../board/popup';
import type { Point } from '../../board/types';
import { formatScore } from '../score/format';

/**
 * The three figures (SPEC §2 Board), each with one line saying what it means, in
 * the engine's terms (engine-rs/src/predict.rs): the mover's score change, the
 * opponent's largest gain with one reply after it, and the difference.
 */
const FIGURES = [
  { label: 'Player gain', hint: 'How much your score changes with this move', value: (p: Prediction) => p.playerGain },
  { label: 'Opponent gain', hint: "What the opponent's best reply then gains", value: (p: Prediction) => p.opponentGain },
  { label: 'Net', hint: 'Player gain minus opponent gain', value: (p: Prediction) => p.net },
] as const;

/** The words under a ghost that waits for its confirming tap (src/board/confirm.ts). */
export const CONFIRM_TEXT = 'Tap again to place';

/**
 * The hold-and-drag popup (SPEC §2 Board): the engine's prediction for the cell under the pointer.
 * Over a ghost waiting for its confirming tap (`confirm`), it also says how to place the piece.
 */
export function PredictionPopup({ id, point, prediction, confirm = false }: { id: string; point: Point; prediction: Prediction; confirm?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);

  // Placed after measuring itself, before paint: kept inside the board (popupPosition).
  useLayoutEffect(() => {
    const element = ref.current;
    const board = element?.offsetParent;
    if (!element || !(board instanceof HTMLElement)) return;
    const position = popupPosition(
      point,
      { width: element.offsetWidth, height: element.offsetHeight },
      { width: board.clientWidth, height: board.clientHeight },
    );
    element.style.left = `${position.x}px`;
    element.style.top = `${position.y}px`;
  });

  return (
    <div ref={ref} id={id} role="tooltip" className="game-board__popup" data-testid="prediction-popup">
      {FIGURES.map((figure) => (
        <p key={figure.label} className="game-board__popup-line">
          <span className="game-board__popup-figure" data-testid="prediction-figure">
            {figure.label}: {formatScore(figure.value(prediction))}
          </span>
          <span className="game-board__popup-hint">{figure.hint}</span>
        </p>
      ))}
      {confirm && (
        <p className="game-board__popup-line game-board__popup-confirm" data-testid="confirm-tap">
          {CONFIRM_TEXT}
        </p>
      )}
    </div>
  );
}
