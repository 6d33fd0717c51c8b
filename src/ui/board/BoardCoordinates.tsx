import { memo } from 'react';
import { coordinateFontSize, coordinateLabels } from '../../board/coordinates';
import type { BoardLayout } from '../../board/types';

/**
 * The board's edge coordinates over the canvas (src/board/coordinates.ts says where): plain text
 * a player reads and a test finds, hidden from screen readers, whose cells already say "c3, empty".
 * Taps pass through to the board beneath.
 */
export const BoardCoordinates = memo(function BoardCoordinates({ layout, shown }: { layout: BoardLayout; shown: boolean }) {
  const labels = coordinateLabels(layout, shown);
  if (labels.length === 0) return null;
  return (
    <div className="game-board__coordinates" data-testid="board-coordinates" aria-hidden="true" style={{ fontSize: coordinateFontSize(layout.cellSize) }}>
      {labels.map((label) => (
        <span
          key={`${label.axis}-${label.text}`}
          className={`game-board__coordinate game-board__coordinate--${label.axis}`}
          data-axis={label.axis}
          style={{ left: label.x, top: label.y }}
        >
          {label.text}
        </span>
      ))}
    </div>
  );
});
