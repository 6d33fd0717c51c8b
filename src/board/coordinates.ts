/**
 * Coordinates on the board's edges, as lichess shows them: the column letters along the bottom
 * row, each in its cell's bottom-right corner, and the row numbers down the left column, each in
 * its cell's top-left corner. The texts come from the cell names every message uses ("AI played
 * e3", the hints, the screen reader's "c3, empty"), so the edge always reads as the words do.
 * Pure: positions in CSS pixels from the layout; the page draws them.
 */
import { cellName } from '../game/notation';
import type { BoardLayout } from './types';

export interface CoordinateLabel {
  text: string; // "a" for a column, "1" for a row
  axis: 'file' | 'rank'; // file: a column's letter; rank: a row's number
  /**
   * The corner the label hugs, in CSS pixels: a file's label ends at (x, y) (bottom-right),
   * a rank's starts there (top-left). Inset so the cell's colour shows around it.
   */
  x: number;
  y: number;
}

/** Smallest text still read on a phone's 16×16 board (cells of about 22 px). */
export const MIN_COORDINATE_FONT = 9;
const MAX_COORDINATE_FONT = 13;

/** The labels' font size: small beside a cell, so most of a placed cell's colour stays in view. */
export function coordinateFontSize(cellSize: number): number {
  return Math.min(MAX_COORDINATE_FONT, Math.max(MIN_COORDINATE_FONT, Math.round(cellSize * 0.3)));
}

/** Gap between a label and its cell's edges: a tenth of the cell, at least a pixel. */
export function coordinateInset(cellSize: number): number {
  return Math.max(1, Math.round(cellSize / 10));
}

/** A cell name's column letter and row number: "e3" → ["e", "3"]. */
function splitName(name: string): [string, string] {
  const at = name.search(/\d/);
  return [name.slice(0, at), name.slice(at)];
}

/**
 * Every label for this layout, files left to right then ranks top to bottom; none when the
 * player turned them off ("Show coordinates") or the board has no room to draw.
 */
export function coordinateLabels(layout: BoardLayout, shown = true): CoordinateLabel[] {
  const { cellSize, originX, originY, gridWidth, gridHeight } = layout;
  if (!shown || cellSize <= 0 || gridWidth <= 0 || gridHeight <= 0) return [];
  const inset = coordinateInset(cellSize);
  const bottom = gridHeight - 1;
  const files = Array.from({ length: gridWidth }, (_, gridX): CoordinateLabel => ({
    text: splitName(cellName({ gridX, gridY: bottom }, gridHeight))[0],
    axis: 'file',
    x: originX + (gridX + 1) * cellSize - inset,
    y: originY + gridHeight * cellSize - inset,
  }));
  const ranks = Array.from({ length: gridHeight }, (_, gridY): CoordinateLabel => ({
    text: splitName(cellName({ gridX: 0, gridY }, gridHeight))[1],
    axis: 'rank',
    x: originX + inset,
    y: originY + gridY * cellSize + inset,
  }));
  return [...files, ...ranks];
}
