import { describe, expect, it } from 'vitest';
import { BOARD_PADDING, cellAt, cellCentre, computeLayout } from './layout';

describe('computeLayout', () => {
  it('fits square cells to the smaller side and centres the grid', () => {
    const layout = computeLayout(500, 300, 6, 6);
    expect(layout.cellSize).toBe(Math.floor((300 - 2 * BOARD_PADDING) / 6)); // 48
    expect(layout.originX).toBe(Math.round((500 - 48 * 6) / 2));
    expect(layout.originY).toBe(Math.round((300 - 48 * 6) / 2));
  });

  it('uses whole-pixel cells', () => {
    expect(Number.isInteger(computeLayout(333, 333, 10, 10).cellSize)).toBe(true);
  });

  it('gives size 0 when there is no room, and then no cell is hit', () => {
    const layout = computeLayout(5, 5, 8, 8);
    expect(layout.cellSize).toBe(0);
    expect(cellAt(layout, { x: 2, y: 2 })).toBeNull();
  });

  it('fits rectangular grids by the tighter side', () => {
    expect(computeLayout(408, 408, 8, 4).cellSize).toBe(50);
  });
});

describe('cellAt', () => {
  const layout = { cellSize: 40, originX: 10, originY: 20, gridWidth: 6, gridHeight: 6 };

  it('finds the cell under a point', () => {
    expect(cellAt(layout, { x: 10 + 3.5 * 40, y: 20 + 4.5 * 40 })).toEqual({ gridX: 3, gridY: 4 });
  });

  it('puts the top-left edge inside the first cell', () => {
    expect(cellAt(layout, { x: 10, y: 20 })).toEqual({ gridX: 0, gridY: 0 });
  });

  it('gives a shared edge to the cell right of it', () => {
    expect(cellAt(layout, { x: 50, y: 25 })).toEqual({ gridX: 1, gridY: 0 });
    expect(cellAt(layout, { x: 49.99, y: 25 })).toEqual({ gridX: 0, gridY: 0 });
  });

  it('returns null outside the grid, the far edges included', () => {
    expect(cellAt(layout, { x: 9.99, y: 30 })).toBeNull();
    expect(cellAt(layout, { x: 30, y: 19.99 })).toBeNull();
    expect(cellAt(layout, { x: 10 + 6 * 40, y: 30 })).toBeNull();
    expect(cellAt(layout, { x: 30, y: 20 + 6 * 40 })).toBeNull();
    expect(cellAt(layout, { x: 10 + 6 * 40 - 0.01, y: 20 + 6 * 40 - 0.01 })).toEqual({ gridX: 5, gridY: 5 });
  });

  it('round-trips with cellCentre', () => {
    for (const cell of [{ gridX: 0, gridY: 0 }, { gridX: 5, gridY: 2 }, { gridX: 3, gridY: 5 }]) {
      expect(cellAt(layout, cellCentre(layout, cell))).toEqual(cell);
    }
  });
});
