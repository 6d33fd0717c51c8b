/**
 * Pixels of the marks drawn on single cells: a placed cell while it grows, the
 * last move's ring and the hold-drag's ghost piece. Pure, so the sizes are tested
 * and the Pixi code only fills and strokes them.
 */
import { cellOrigin } from './layout';
import type { BoardLayout, CellPosition } from './types';

/** A square in container pixels with its corner radius. */
export interface Square {
  x: number; // left
  y: number; // top
  side: number;
  radius: number;
}

/** A growing cell starts at this fraction of its side, so it reads as a piece landing rather than a dot. */
const START_SCALE = 0.4;

/** A square of `side` centred in `cell`. */
function centredSquare(layout: BoardLayout, cell: CellPosition, side: number, radius: number): Square {
  const corner = cellOrigin(layout, cell);
  const inset = (layout.cellSize - side) / 2;
  return { x: corner.x + inset, y: corner.y + inset, side, radius };
}

/**
 * A placed cell `progress` (0..1, eased) into its animation: it grows from the cell's
 * centre and fades in; at 1 it is exactly the cell's square, as the static layer draws it.
 */
export function placingSquare(layout: BoardLayout, cell: CellPosition, progress: number): Square & { alpha: number } {
  const p = Math.min(1, Math.max(0, progress));
  const side = layout.cellSize * (START_SCALE + (1 - START_SCALE) * p);
  // Rounded while small, square when it lands, like the cells around it.
  return { ...centredSquare(layout, cell, side, side * 0.25 * (1 - p)), alpha: 0.35 + 0.65 * p };
}

/** The last move's ring: a white band with a dark edge on either side, so it shows on both players' colours. */
export interface Ring {
  square: Square; // the band's centre line
  band: number; // the white band's width
  edge: number; // the dark outline's width on each side of the band
}

export function lastMoveRing(layout: BoardLayout, cell: CellPosition): Ring {
  const size = layout.cellSize;
  const band = Math.max(2, size * 0.07);
  const edge = Math.max(1, size * 0.025);
  // Inset so the outline stays inside the cell and clear of the grid line.
  const side = size - 2 * (size * 0.12 + band / 2 + edge);
  return { square: centredSquare(layout, cell, side, side * 0.2), band, edge };
}

/** The hold-drag's ghost piece: the piece as it would stand, translucent, framed by a solid outline. */
export interface Ghost {
  piece: Square;
  outline: Square; // the stroke's centre line, inside the cell
  width: number; // the outline's width
}

export function ghostMarks(layout: BoardLayout, cell: CellPosition): Ghost {
  const size = layout.cellSize;
  const width = Math.max(2, size * 0.07);
  return {
    piece: centredSquare(layout, cell, size, 0),
    outline: centredSquare(layout, cell, size - width, 0),
    width,
  };
}
