/**
 * Where a group's value is written when its cell also carries a coordinate: the number moves just
 * far enough from the edge's letter or row number that neither covers the other (on a phone's
 * 16×16 board a cell is about 22 px, and "16" over a "2" reads as neither). Elsewhere, and with
 * coordinates hidden, the number stays at the cell's centre. Pure: sizes are estimated from the
 * fonts (digits and letters about 0.62 em wide, 0.72 em tall), which is all the check needs.
 */
import { coordinateFontSize, coordinateInset } from './coordinates';
import { cellCentre } from './layout';
import type { BoardLayout, CellPosition, Point } from './types';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const GLYPH_WIDTH = 0.62;
const GLYPH_HEIGHT = 0.72;
/** Clear space kept between the number and a coordinate, in CSS pixels: enough that the two read apart. */
const GAP = 2;
/** The value's outline (draw.ts labelStyle) reaches about a pixel beyond its glyphs. */
const OUTLINE = 1;

const overlaps = (a: Box, b: Box) => a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;

/** The coordinate texts drawn in this cell, as boxes relative to the cell's top-left corner. */
function coordinateBoxes(layout: BoardLayout, cell: CellPosition): Box[] {
  const size = layout.cellSize;
  const font = coordinateFontSize(size);
  const inset = coordinateInset(size);
  const height = GLYPH_HEIGHT * font;
  const boxes: Box[] = [];
  if (cell.gridX === 0) {
    // The row's number, top-left: "1" to "16".
    const width = GLYPH_WIDTH * font * String(layout.gridHeight - cell.gridY).length;
    boxes.push({ left: inset, top: inset, right: inset + width, bottom: inset + height });
  }
  if (cell.gridY === layout.gridHeight - 1) {
    // The column's letter, bottom-right.
    const width = GLYPH_WIDTH * font;
    boxes.push({ left: size - inset - width, top: size - inset - height, right: size - inset, bottom: size - inset });
  }
  return boxes;
}

/** The centre of a group's value text in `cell`: the cell's centre unless a coordinate is in the way. */
export function groupLabelCentre(layout: BoardLayout, cell: CellPosition, text: string, fontSize: number, coordinates: boolean): Point {
  const centre = cellCentre(layout, cell);
  const boxes = coordinates ? coordinateBoxes(layout, cell) : [];
  if (boxes.length === 0) return centre;
  const size = layout.cellSize;
  const halfWidth = (GLYPH_WIDTH * fontSize * text.length) / 2 + OUTLINE;
  const halfHeight = (GLYPH_HEIGHT * fontSize) / 2 + OUTLINE;
  const at = (dx: number, dy: number): Box => ({
    left: size / 2 + dx - halfWidth,
    right: size / 2 + dx + halfWidth,
    top: size / 2 + dy - halfHeight,
    bottom: size / 2 + dy + halfHeight,
  });
  // A number wider than its cell (a big group's value) spills sideways anyway: only its height must fit.
  const wide = 2 * halfWidth > size;
  const inCell = (box: Box) => box.top >= 0 && box.bottom <= size && (wide || (box.left >= 0 && box.right <= size));
  // Nearest first; at each distance, diagonally away from the row number (down and right) or
  // the letter (up and left) before straight moves, which leave the two texts stacked.
  const steps = [0, 1, 2, 3, 4, 5, 6].map((n) => (n * size) / 16);
  const directions = [[1, 1], [-1, -1], [0, 1], [0, -1], [1, 0], [-1, 0], [1, -1], [-1, 1]];
  const moves = steps.flatMap((d) => directions.map(([x, y]) => [x! * d, y! * d]));
  // The first place clear of both; in a cell too small for that (a1 of a phone's 16×16 with a
  // two-digit value), the place that covers the least of them.
  let best = { dx: 0, dy: 0, covered: Infinity };
  for (const [dx, dy] of moves as [number, number][]) {
    const box = at(dx, dy);
    if (!inCell(box)) continue;
    const covered = boxes.reduce((sum, b) => sum + overlapArea(box, b), 0);
    if (covered === 0 && !boxes.some((b) => overlaps(box, b))) return { x: centre.x + dx, y: centre.y + dy };
    if (covered < best.covered) best = { dx, dy, covered };
  }
  return { x: centre.x + best.dx, y: centre.y + best.dy };
}

/** How much of `b` the box `a` covers, in square pixels. */
function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}
