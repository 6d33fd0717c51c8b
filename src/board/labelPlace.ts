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
/** Clear space kept between the number and a coordinate, in CSS pixels. */
const GAP = 1;

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
  const halfWidth = (GLYPH_WIDTH * fontSize * text.length) / 2;
  const halfHeight = (GLYPH_HEIGHT * fontSize) / 2;
  const at = (dx: number, dy: number): Box => ({
    left: size / 2 + dx - halfWidth,
    right: size / 2 + dx + halfWidth,
    top: size / 2 + dy - halfHeight,
    bottom: size / 2 + dy + halfHeight,
  });
  // A number wider than its cell (a big group's value) spills sideways anyway: only its height must fit.
  const wide = 2 * halfWidth > size;
  const inCell = (box: Box) => box.top >= 0 && box.bottom <= size && (wide || (box.left >= 0 && box.right <= size));
  // Away from the row number (down, right) or the letter (up, left), nearest first.
  const steps = [0, 1, 2, 3, 4, 5, 6].map((n) => (n * size) / 16);
  const moves = steps.flatMap((d) => [
    [0, d],
    [0, -d],
    [d, 0],
    [-d, 0],
    [-d, d],
    [d, -d],
  ]);
  for (const [dx, dy] of moves as [number, number][]) {
    const box = at(dx, dy);
    if (inCell(box) && !boxes.some((b) => overlaps(box, b))) return { x: centre.x + dx, y: centre.y + dy };
  }
  // No room in so small a cell: the centre, as without coordinates.
  return centre;
}
