/**
 * The board's shared vocabulary. Every point is in CSS pixels relative to the board
 * container's top-left corner: the canvas fills the container, so pointer events,
 * Pixi drawing and the test hooks (data-origin-x, …) all use this one space.
 */
import type { CellPosition } from '../engine';

/** A point in container CSS pixels, e.g. `{ x: 120.5, y: 48 }`. */
export interface Point {
  x: number;
  y: number;
}

/** Where the grid sits inside its container. */
export interface BoardLayout {
  cellSize: number; // side of one cell, whole CSS pixels so grid lines stay crisp, e.g. 48
  originX: number; // left edge of column 0, e.g. 12
  originY: number; // top edge of row 0
  gridWidth: number; // columns, e.g. 6
  gridHeight: number; // rows
}

export type { CellPosition };
