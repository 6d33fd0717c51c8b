/**
 * Pixi drawing of the board's layers. Each function clears and redraws one
 * Graphics from plain data, so a layer is redrawn only when its inputs change:
 * the static layer (grid, cells, last move) on board or size changes, the overlay
 * on annotation toggles, the focus ring on key presses.
 */
import type { Graphics } from 'pixi.js';
import type { BoardState, CellPosition } from '../engine';
import type { BoardColours } from './colours';
import { cellCentre, cellOrigin } from './layout';
import { arrowGeometry, ownerOf, type OverlaySegment } from './overlay';
import type { BoardLayout } from './types';

/** Empty cells, player cells, grid lines and the last move's ring. */
export function drawBoard(
  g: Graphics,
  layout: BoardLayout,
  board: BoardState,
  colours: BoardColours,
  lastMove: CellPosition | undefined,
): void {
  g.clear();
  const { cellSize: size, originX, originY, gridWidth, gridHeight } = layout;
  if (size <= 0) return;
  const right = originX + gridWidth * size;
  const bottom = originY + gridHeight * size;
  g.rect(originX, originY, gridWidth * size, gridHeight * size).fill({ color: colours.empty });

  for (const player of [0, 1] as const) {
    let any = false;
    for (let gridY = 0; gridY < gridHeight; gridY++) {
      for (let gridX = 0; gridX < gridWidth; gridX++) {
        if (ownerOf(board, { gridX, gridY }) !== player) continue;
        const corner = cellOrigin(layout, { gridX, gridY });
        g.rect(corner.x, corner.y, size, size);
        any = true;
      }
    }
    if (any) g.fill({ color: colours.players[player] });
  }

  // Lines on top of the cells, so the grid stays visible across a group.
  for (let column = 0; column <= gridWidth; column++) {
    const x = originX + column * size;
    g.moveTo(x, originY).lineTo(x, bottom);
  }
  for (let row = 0; row <= gridHeight; row++) {
    const y = originY + row * size;
    g.moveTo(originX, y).lineTo(right, y);
  }
  g.stroke({ color: colours.line, width: Math.max(1, size / 48) });

  if (lastMove && lastMove.gridX < gridWidth && lastMove.gridY < gridHeight) {
    const corner = cellOrigin(layout, lastMove);
    const inset = size * 0.12;
    g.roundRect(corner.x + inset, corner.y + inset, size - 2 * inset, size - 2 * inset, size * 0.12).stroke({
      color: colours.mark,
      alpha: 0.6,
      width: Math.max(1.5, size * 0.05),
    });
  }
}

/** The scoring mode's links, arrows or lines (SPEC §2 Board overlays). */
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
    g.stroke({ color: colours.mark, alpha: 0.9, width: Math.max(1, size * 0.045), cap: 'round' });
    for (const head of heads) g.poly(head);
    g.fill({ color: colours.mark, alpha: 0.9 });
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
