import { memo } from 'react';
import type { BoardState, CellPosition } from '../../engine';
import { ownerOf } from '../../board/overlay';
import { cellLabel } from '../../game/notation';

/** Without names from the page, the players as the rules call them. */
const DEFAULT_NAMES = ['Player 1', 'Player 2'] as const;

/** The id of a cell's hidden gridcell, for aria-activedescendant. */
export function cellElementId(prefix: string, cell: CellPosition): string {
  return `${prefix}-${cell.gridX}-${cell.gridY}`;
}

/**
 * The board as text for assistive technology: rows of gridcells, visually hidden, behind the
 * canvas, the top row first as drawn. The grid's aria-activedescendant points at the focused
 * one, so a screen reader says e.g. "c3, Alice" or "c3, empty" as the arrow keys move: chess
 * notation, as the move announcements use, and the players' shown names. data-cell (x-y from the
 * top left) and data-owner (0, 1 or nothing) are hooks for the tests, which read the board.
 */
export const BoardCells = memo(function BoardCells({ board, idPrefix, focus, names = DEFAULT_NAMES }: BoardCellsProps) {
  const rows = Array.from({ length: board.gridHeight }, (_, gridY) => gridY);
  const columns = Array.from({ length: board.gridWidth }, (_, gridX) => gridX);
  return (
    <div className="game-board__sr-only">
      {rows.map((gridY) => (
        <div role="row" key={gridY}>
          {columns.map((gridX) => {
            const cell = { gridX, gridY };
            const owner = ownerOf(board, cell);
            return (
              <div
                role="gridcell"
                key={gridX}
                id={cellElementId(idPrefix, cell)}
                aria-selected={focus.gridX === gridX && focus.gridY === gridY}
                data-cell={`${gridX}-${gridY}`}
                data-owner={owner ?? undefined}
              >
                {cellLabel(cell, board.gridHeight, owner === null ? null : names[owner])}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}, sameCells);

interface BoardCellsProps {
  board: BoardState;
  idPrefix: string;
  focus: CellPosition;
  names?: readonly [string, string] | undefined;
}

/**
 * The pages build the names afresh on every render: compared by their text, so that the cells
 * (a hundred on 10×10) re-render only when the board, the focus or a name really changed.
 */
function sameCells(before: BoardCellsProps, after: BoardCellsProps): boolean {
  return (
    before.board === after.board &&
    before.idPrefix === after.idPrefix &&
    before.focus.gridX === after.focus.gridX &&
    before.focus.gridY === after.focus.gridY &&
    before.names?.[0] === after.names?.[0] &&
    before.names?.[1] === after.names?.[1]
  );
}
