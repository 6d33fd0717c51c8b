/**
 * What the annotation layer draws, as plain data: the per-mode lines (SPEC §2
 * Board) and where each group's value goes. Geometry in pixels is computed here
 * too, so the Pixi code only strokes what it is given.
 */
import type { BoardState, CellKey, CellPosition, Group, PlayerIndex, ScoringMechanism } from '../engine';
import { cellCentre } from './layout';
import type { BoardLayout, Point } from './types';

/**
 * One overlay mark between two 4-adjacent cells of the same player (hence of one group):
 * - `link` (connection): the pair is joined; drawn as a thick bar.
 * - `arrow` (expansion): one directed adjacency, `from` → `to`; each pair gives two.
 * - `line` (extension): one distinct adjacent pair; drawn as a thin line.
 */
export interface OverlaySegment {
  player: PlayerIndex;
  from: CellPosition;
  to: CellPosition;
  style: 'link' | 'arrow' | 'line';
}

const STYLE: Record<ScoringMechanism, OverlaySegment['style']> = {
  connection: 'link',
  expansion: 'arrow',
  extension: 'line',
};

/** Owner of a cell, or null when empty. */
export function ownerOf(board: BoardState, cell: CellPosition): PlayerIndex | null {
  const key: CellKey = `${cell.gridX}-${cell.gridY}`;
  if (board.occupiedCells[0].has(key)) return 0;
  if (board.occupiedCells[1].has(key)) return 1;
  return null;
}

/**
 * The mode's segments. Each adjacent same-player pair is visited once, looking
 * right and down; expansion adds the reverse arrow. Same-player adjacency is
 * exactly in-group adjacency because groups are 4-connected.
 */
export function overlaySegments(board: BoardState, mode: ScoringMechanism): OverlaySegment[] {
  const style = STYLE[mode];
  const segments: OverlaySegment[] = [];
  for (let gridY = 0; gridY < board.gridHeight; gridY++) {
    for (let gridX = 0; gridX < board.gridWidth; gridX++) {
      const from = { gridX, gridY };
      const player = ownerOf(board, from);
      if (player === null) continue;
      const neighbours = [
        { gridX: gridX + 1, gridY },
        { gridX, gridY: gridY + 1 },
      ];
      for (const to of neighbours) {
        if (to.gridX >= board.gridWidth || to.gridY >= board.gridHeight) continue;
        if (ownerOf(board, to) !== player) continue;
        segments.push({ player, from, to, style });
        if (style === 'arrow') segments.push({ player, from: to, to: from, style });
      }
    }
  }
  return segments;
}

/** An arrow in pixels: its shaft from `start` to `tip`, and the two barbs of its head. */
export interface ArrowGeometry {
  start: Point;
  tip: Point;
  barbs: [Point, Point];
}

/**
 * Pixels of an expansion arrow. Both arrows of a pair would overlap on the line
 * between the centres, so each is shifted to its own right-hand side, and
 * shortened so the heads do not run into the cells' labels.
 */
export function arrowGeometry(layout: BoardLayout, segment: OverlaySegment): ArrowGeometry {
  const a = cellCentre(layout, segment.from);
  const b = cellCentre(layout, segment.to);
  const size = layout.cellSize;
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const dx = (b.x - a.x) / length; // unit direction
  const dy = (b.y - a.y) / length;
  const side = { x: -dy * size * 0.14, y: dx * size * 0.14 }; // to the right in screen space (y grows down)
  const inset = size * 0.22;
  const start = { x: a.x + dx * inset + side.x, y: a.y + dy * inset + side.y };
  const tip = { x: b.x - dx * inset + side.x, y: b.y - dy * inset + side.y };
  // A small head: a 10×10 group carries dozens of arrows and must stay readable under them.
  const head = size * 0.1;
  const back = { x: tip.x - dx * head, y: tip.y - dy * head };
  const spread = { x: -dy * head * 0.6, y: dx * head * 0.6 };
  return {
    start,
    tip,
    barbs: [
      { x: back.x + spread.x, y: back.y + spread.y },
      { x: back.x - spread.x, y: back.y - spread.y },
    ],
  };
}

/** A group's value label and the cell it is drawn on. */
export interface GroupLabel {
  player: PlayerIndex;
  cell: CellPosition;
  text: string; // e.g. "12"
}

/**
 * One label per group, on the group's cell nearest its centroid (the first such
 * cell on a tie), so a long snake's label sits in its middle rather than at an end.
 */
export function groupLabels(groups: readonly Group[]): GroupLabel[] {
  const labels: GroupLabel[] = [];
  for (const group of groups) {
    const first = group.cells[0];
    if (!first) continue;
    const cx = group.cells.reduce((sum, c) => sum + c.gridX, 0) / group.cells.length;
    const cy = group.cells.reduce((sum, c) => sum + c.gridY, 0) / group.cells.length;
    let best = first;
    let bestDistance = Infinity;
    for (const cell of group.cells) {
      const distance = (cell.gridX - cx) ** 2 + (cell.gridY - cy) ** 2;
      if (distance < bestDistance) {
        best = cell;
        bestDistance = distance;
      }
    }
    labels.push({ player: group.player, cell: best, text: String(group.value) });
  }
  return labels;
}
