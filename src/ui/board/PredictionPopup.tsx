import type { Prediction } from '../../engine';
import type { Point } from '../../board/types';

/** Above the pointer so a finger does not hide it; below when too near the top. */
const OFFSET = 28;
const ROOM_ABOVE = 90;

/** The hold-and-drag popup (SPEC §2 Board): the engine's prediction for the cell under the pointer. */
export function PredictionPopup({ id, point, prediction }: { id: string; point: Point; prediction: Prediction }) {
  const above = point.y > ROOM_ABOVE;
  return (
    <div
      id={id}
      role="tooltip"
      className="game-board__popup"
      data-testid="prediction-popup"
      style={{
        left: point.x,
        top: above ? point.y - OFFSET : point.y + OFFSET,
        transform: above ? 'translate(-50%, -100%)' : 'translate(-50%, 0)',
      }}
    >
      <div>Player gain: {prediction.playerGain}</div>
      <div>Opponent gain: {prediction.opponentGain}</div>
      <div>Net: {prediction.net}</div>
    </div>
  );
}
