import { describe, expect, it } from 'vitest';
import { ghostMarks, lastMoveRing, placingSquare } from './marks';

const layout = { cellSize: 40, originX: 10, originY: 20, gridWidth: 6, gridHeight: 6 };
const cell = { gridX: 2, gridY: 1 }; // its square: x 90..130, y 60..100

const centreOf = (s: { x: number; y: number; side: number }) => ({ x: s.x + s.side / 2, y: s.y + s.side / 2 });

describe('placingSquare: a placed cell growing in', () => {
  it('starts small and faint at the cell’s centre', () => {
    const start = placingSquare(layout, cell, 0);
    expect(start.side).toBeLessThan(layout.cellSize / 2);
    expect(start.alpha).toBeLessThan(0.5);
    expect(centreOf(start)).toEqual({ x: 110, y: 80 });
  });

  it('ends exactly as the cell is drawn still: full square, opaque, no rounding', () => {
    expect(placingSquare(layout, cell, 1)).toEqual({ x: 90, y: 60, side: 40, radius: 0, alpha: 1 });
  });

  it('grows without ever passing the cell', () => {
    let last = 0;
    for (const p of [0, 0.25, 0.5, 0.75, 1, 1.5]) {
      const s = placingSquare(layout, cell, p);
      expect(s.side).toBeGreaterThanOrEqual(last);
      expect(s.side).toBeLessThanOrEqual(layout.cellSize);
      last = s.side;
    }
  });
});

describe('lastMoveRing', () => {
  it('sits inside its cell, outline included, clear of the grid lines', () => {
    const ring = lastMoveRing(layout, cell);
    const outer = ring.band / 2 + ring.edge;
    expect(ring.square.x - outer).toBeGreaterThan(90);
    expect(ring.square.x + ring.square.side + outer).toBeLessThan(130);
    expect(centreOf(ring.square)).toEqual({ x: 110, y: 80 });
  });

  it('is a thick band on a small 10×10 phone cell, not a hairline', () => {
    const ring = lastMoveRing({ ...layout, cellSize: 34 }, cell);
    expect(ring.band).toBeGreaterThanOrEqual(2);
    expect(ring.edge).toBeGreaterThanOrEqual(1);
  });
});

describe('ghostMarks: the hold-drag’s target', () => {
  it('fills the target cell and outlines it from the inside', () => {
    const ghost = ghostMarks(layout, cell);
    expect(ghost.piece).toEqual({ x: 90, y: 60, side: 40, radius: 0 });
    expect(ghost.outline.x - ghost.width / 2).toBeCloseTo(90);
    expect(ghost.outline.x + ghost.outline.side + ghost.width / 2).toBeCloseTo(130);
  });
});
