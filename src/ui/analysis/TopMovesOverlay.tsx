/**
 * The engine's three best moves drawn on the analysis board: a numbered ring on each cell, over
 * the board's canvas and under nothing the player taps (the rings let taps through). Placed with
 * the board's own layout (src/board/layout.ts) from the same size the board fills.
 */
import { useRef } from 'react';
import type { BoardState } from '../../engine';
import type { Candidate } from '../../game/analysis/search';
import { cellOrigin, computeLayout } from '../../board/layout';
import { useElementSize } from '../board/useElementSize';

export function TopMovesOverlay({ board, top }: { board: BoardState; top: readonly Candidate[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const size = useElementSize(ref);
  const layout = computeLayout(size.width, size.height, board.gridWidth, board.gridHeight);
  return (
    <div ref={ref} className="analysis-marks" aria-hidden="true" data-testid="top-move-marks">
      {layout.cellSize > 0 &&
        top.map((candidate, index) => {
          const corner = cellOrigin(layout, candidate.cell);
          return (
            <span
              key={`${candidate.cell.gridX}-${candidate.cell.gridY}`}
              className={`analysis-mark analysis-mark--${index + 1}`}
              data-testid="top-move-mark"
              data-cell={`${candidate.cell.gridX}-${candidate.cell.gridY}`}
              data-rank={index + 1}
              style={{ left: corner.x, top: corner.y, width: layout.cellSize, height: layout.cellSize, fontSize: Math.min(28, Math.max(10, layout.cellSize * 0.4)) }}
            >
              {index + 1}
            </span>
          );
        })}
    </div>
  );
}
