import { memo } from 'react';
import type { BoardState, CellPosition } from '../../engine';
import { ownerOf } from '../../board/overlay';

const OWNER_TEXT = ['Green', 'Blue'] as const;

/** The id of a cell's hidden gridcell, for aria-activedescendant. */
export function cellElementId(prefix: string, cell: CellPosition): string {
  return `${prefix}-${cell.gridX}-${cell.gridY}`;
}

/**
 * The board as text for assistive technology: rows of gridcells, visually hidden,
 * behind the canvas. The grid's aria-activedescendant points at the focused one,
 * so a screen reader says e.g. "3-4, Blue" as the arrow keys move.
 */
export const BoardCells = memo(function BoardCells({
  board,
  idPrefix,
  focus,
}: {
  board: BoardState;
  idPrefix: string;
  focus: CellPosition;
}) {
  const rows = Array.from({ length: board.gridHeight }, (_, gridY) => gridY);
  const columns = Array.from({ length: board.gridWidth }, (_, gridX) => gridX);
  return (
    <div className="game-board__sr-only">
      {rows.map((gridY) => (
        <div role="row" key={gridY}>
          {columns.map((gridX) => {
            const owner = ownerOf(board, { gridX, gridY });
            return (
              <div
                role="gridcell"
                key={gridX}
                id={cellElementId(idPrefix, { gridX, gridY })}
                aria-selected={focus.gridX === gridX && focus.gridY === gridY}
              >
                {`${gridX}-${gridY}, ${owner === null ? 'empty' : OWNER_TEXT[owner]}`}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
});
