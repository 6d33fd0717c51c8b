/**
 * Cell size and origin from the container's size, and conversions between
 * pixels and cells. Pure: the React component measures, this file decides.
 */
import type { BoardLayout, CellPosition, Point } from './types';

/** Room kept around the grid so the outer lines and the focus ring are not clipped. */
export const BOARD_PADDING = 4;

/**
 * The largest square cells that fit `width` × `height`, centred. Cells are whole
 * pixels (crisp 1px grid lines); a container too small for any cell gives size 0.
 */
export function computeLayout(width: number, height: number, gridWidth: number, gridHeight: number): BoardLayout {
  const room = (side: number) => Math.max(0, side - 2 * BOARD_PADDING);
  const cellSize = Math.max(0, Math.floor(Math.min(room(width) / gridWidth, room(height) / gridHeight)));
  return {
    cellSize,
    originX: Math.round((width - cellSize * gridWidth) / 2),
    originY: Math.round((height - cellSize * gridHeight) / 2),
    gridWidth,
    gridHeight,
  };
}

/**
 * The cell under a point, or null outside the grid. Cells are half-open
 * ([left, left + size)), so a point on a shared edge belongs to the cell to its
 * right/below and the far outer edge belongs to no cell.
 */
export function cellAt(layout: BoardLayout, point: Point): CellPosition | null {
  if (layout.cellSize <= 0) return null;
  const gridX = Math.floor((point.x - layout.originX) / layout.cellSize);
  const gridY = Math.floor((point.y - layout.originY) / layout.cellSize);
  if (gridX < 0 || gridY < 0 || gridX >= layout.gridWidth || gridY >= layout.gridHeight) return null;
  return { gridX, gridY };
}

/** Top-left corner of a cell. */
export function cellOrigin(layout: BoardLayout, cell: CellPosition): Point {
  return { x: layout.originX + cell.gridX * layout.cellSize, y: layout.originY + cell.gridY * layout.cellSize };
}

/** Centre of a cell: where links, arrows and labels are anchored. */
export function cellCentre(layout: BoardLayout, cell: CellPosition): Point {
  const corner = cellOrigin(layout, cell);
  return { x: corner.x + layout.cellSize / 2, y: corner.y + layout.cellSize / 2 };
}

/** The cell of a key such as "3-4" (column 3, row 4). */
export function cellFromKey(key: string): CellPosition {
  const [gridX = NaN, gridY = NaN] = key.split('-').map(Number);
  return { gridX, gridY };
}
