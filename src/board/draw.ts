/**
 * Pixi drawing of the board's layers. Each function clears and redraws one
 * Graphics from plain data, so a layer is redrawn only when its inputs change:
 * the cells on a move, the grid on a resize, the overlay on annotation toggles,
 * the marks on a move, a drag or a key press. The game's board and the rules
 * dialog's example boards both draw with these.
 */
import type { Graphics, TextStyleOptions } from 'pixi.js';
import type { BoardState, CellKey, CellPosition, PlayerIndex } from '../engine';
import type { BoardColours } from './colours';
import { HOVER_ALPHA } from './hover';
import { cellCentre, cellOrigin } from './layout';
import { ghostMarks, lastMoveRing, placingSquare, type Square } from './marks';
import type { PlacedCell } from './motion';
import { arrowGeometry, ownerOf, type OverlaySegment } from './overlay';
import type { BoardLayout } from './types';

const inGrid = (layout: BoardLayout, cell: CellPosition) =>
  cell.gridX >= 0 && cell.gridY >= 0 && cell.gridX < layout.gridWidth && cell.gridY < layout.gridHeight;

const square = (g: Graphics, s: Square) => (s.radius > 0 ? g.roundRect(s.x, s.y, s.side, s.side, s.radius) : g.rect(s.x, s.y, s.side, s.side));

/** The grid's empty background and the players' cells, leaving out `growing` (the placement layer draws those). */
export function drawCells(
  g: Graphics,
  layout: BoardLayout,
  board: BoardState,
  colours: BoardColours,
  growing: ReadonlySet<CellKey> = new Set(),
): void {
  g.clear();
  const { cellSize: size, originX, originY, gridWidth, gridHeight } = layout;
  if (size <= 0) return;
  g.rect(originX, originY, gridWidth * size, gridHeight * size).fill({ color: colours.empty });
  for (const player of [0, 1] as const) {
    let any = false;
    for (let gridY = 0; gridY < gridHeight; gridY++) {
      for (let gridX = 0; gridX < gridWidth; gridX++) {
        if (ownerOf(board, { gridX, gridY }) !== player || growing.has(`${gridX}-${gridY}`)) continue;
        const corner = cellOrigin(layout, { gridX, gridY });
        g.rect(corner.x, corner.y, size, size);
        any = true;
      }
    }
    if (any) g.fill({ color: colours.players[player] });
  }
}

/** Newly placed cells `progress` (0..1, eased) into their growth; under the grid lines like the other cells. */
export function drawPlacing(g: Graphics, layout: BoardLayout, placing: readonly PlacedCell[], colours: BoardColours, progress: number): void {
  g.clear();
  if (layout.cellSize <= 0) return;
  for (const { cell, player } of placing) {
    if (!inGrid(layout, cell)) continue;
    const s = placingSquare(layout, cell, progress);
    square(g, s).fill({ color: colours.players[player], alpha: s.alpha });
  }
}

/** Grid lines, on top of the cells so the grid stays visible across a group. */
export function drawGrid(g: Graphics, layout: BoardLayout, colours: BoardColours): void {
  g.clear();
  const { cellSize: size, originX, originY, gridWidth, gridHeight } = layout;
  if (size <= 0) return;
  const right = originX + gridWidth * size;
  const bottom = originY + gridHeight * size;
  for (let column = 0; column <= gridWidth; column++) {
    const x = originX + column * size;
    g.moveTo(x, originY).lineTo(x, bottom);
  }
  for (let row = 0; row <= gridHeight; row++) {
    const y = originY + row * size;
    g.moveTo(originX, y).lineTo(right, y);
  }
  g.stroke({ color: colours.line, width: Math.max(1, size / 48) });
}

/** The last move's ring: a white band edged in dark, readable on green, blue and an empty cell in both themes. */
export function drawLastMove(g: Graphics, layout: BoardLayout, lastMove: CellPosition | null, colours: BoardColours): void {
  g.clear();
  if (!lastMove || layout.cellSize <= 0 || !inGrid(layout, lastMove)) return;
  const ring = lastMoveRing(layout, lastMove);
  square(g, ring.square).stroke({ color: colours.markOutline, width: ring.band + 2 * ring.edge, alpha: 0.85 });
  square(g, ring.square).stroke({ color: colours.mark, width: ring.band });
}

/** The hold-drag's target: a translucent piece of the mover's colour and a solid outline. */
export function drawGhost(
  g: Graphics,
  layout: BoardLayout,
  ghost: { cell: CellPosition; player: PlayerIndex } | null,
  colours: BoardColours,
): void {
  g.clear();
  if (!ghost || layout.cellSize <= 0 || !inGrid(layout, ghost.cell)) return;
  const marks = ghostMarks(layout, ghost.cell);
  const colour = colours.players[ghost.player];
  square(g, marks.piece).fill({ color: colour, alpha: 0.45 });
  square(g, marks.outline).stroke({ color: colour, width: marks.width });
}

/** The desktop hover ghost: the mover's colour, faint and without the hint's outline (hover.ts). */
export function drawHover(g: Graphics, layout: BoardLayout, hover: { cell: CellPosition; player: PlayerIndex } | null, colours: BoardColours): void {
  g.clear();
  if (!hover || layout.cellSize <= 0 || !inGrid(layout, hover.cell)) return;
  square(g, ghostMarks(layout, hover.cell).piece).fill({ color: colours.players[hover.player], alpha: HOVER_ALPHA });
}

/**
 * The scoring mode's links, arrows or lines (SPEC §2 Board overlays). Expansion
 * draws two arrows per pair, so on a 10×10 board a big group holds dozens: they are
 * thin and translucent, so the group and its value stay readable under them.
 */
export function drawOverlay(g: Graphics, layout: BoardLayout, segments: readonly OverlaySegment[], colours: BoardColours): void {
  g.clear();
  const size = layout.cellSize;
  if (size <= 0 || segments.length === 0) return;
  const style = segments[0]?.style;

  if (style === 'arrow') {
    const heads: number[][] = [];
    for (const segment of segments) {
      const arrow = arrowGeometry(layout, segment);
      g.moveTo(arrow.start.x, arrow.start.y).lineTo(arrow.tip.x, arrow.tip.y);
      heads.push([arrow.tip.x, arrow.tip.y, arrow.barbs[0].x, arrow.barbs[0].y, arrow.barbs[1].x, arrow.barbs[1].y]);
    }
    g.stroke({ color: colours.mark, alpha: 0.6, width: Math.max(1, size * 0.03), cap: 'round' });
    for (const head of heads) g.poly(head);
    g.fill({ color: colours.mark, alpha: 0.6 });
    return;
  }

  for (const segment of segments) {
    const a = cellCentre(layout, segment.from);
    const b = cellCentre(layout, segment.to);
    g.moveTo(a.x, a.y).lineTo(b.x, b.y);
  }
  // Connection: a broad translucent bridge reads as "joined"; extension: a thin line per pair.
  if (style === 'link') g.stroke({ color: colours.mark, alpha: 0.4, width: size * 0.24, cap: 'round' });
  else g.stroke({ color: colours.mark, alpha: 0.85, width: Math.max(1.5, size * 0.07), cap: 'round' });
  for (const segment of style === 'line' ? segments : []) {
    for (const end of [segment.from, segment.to]) {
      const c = cellCentre(layout, end);
      g.circle(c.x, c.y, Math.max(2, size * 0.07));
    }
  }
  if (style === 'line') g.fill({ color: colours.mark, alpha: 0.85 });
}

/** The groups' value labels: bold white with a dark outline, readable on both players' colours and over the overlay. */
export function labelStyle(colours: BoardColours, cellSize: number): TextStyleOptions {
  return {
    fill: colours.mark,
    fontFamily: 'system-ui, sans-serif',
    fontWeight: 'bold',
    fontSize: Math.max(9, Math.round(cellSize * 0.36)),
    stroke: { color: colours.markOutline, width: Math.max(2, cellSize * 0.08), join: 'round' },
  };
}

/** The keyboard focus ring, drawn only while the board has keyboard focus. */
export function drawFocus(g: Graphics, layout: BoardLayout, focus: CellPosition | null, colours: BoardColours): void {
  g.clear();
  if (!focus || layout.cellSize <= 0) return;
  const corner = cellOrigin(layout, focus);
  const width = Math.max(2.5, layout.cellSize * 0.08);
  g.rect(corner.x + width / 2, corner.y + width / 2, layout.cellSize - width, layout.cellSize - width).stroke({
    color: colours.focus,
    width,
  });
}
