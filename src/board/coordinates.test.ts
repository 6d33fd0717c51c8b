import { describe, expect, it } from 'vitest';
import { cellName } from '../game/notation';
import { COORDINATES_HIDDEN, COORDINATES_SHOWN, parseShowCoordinates } from '../game/settings';
import { coordinateFontSize, coordinateLabels, MIN_COORDINATE_FONT } from './coordinates';
import { cellAt, computeLayout } from './layout';
import type { BoardLayout } from './types';

/** The cell a label is drawn in: a file's label ends at its corner, a rank's starts there. */
function cellOfLabel(layout: BoardLayout, label: { axis: 'file' | 'rank'; x: number; y: number }) {
  const point = label.axis === 'file' ? { x: label.x - 0.5, y: label.y - 0.5 } : { x: label.x + 0.5, y: label.y + 0.5 };
  return cellAt(layout, point);
}

const texts = (layout: BoardLayout, axis: 'file' | 'rank') =>
  coordinateLabels(layout)
    .filter((label) => label.axis === axis)
    .map((label) => label.text);

describe('coordinateLabels', () => {
  it('puts a and 1 in the bottom-left cell, which the move list calls a1', () => {
    const layout = computeLayout(400, 400, 6, 6);
    const labels = coordinateLabels(layout);
    const a = labels.find((label) => label.axis === 'file' && label.text === 'a');
    const one = labels.find((label) => label.axis === 'rank' && label.text === '1');
    const cellA = cellOfLabel(layout, a!);
    const cellOne = cellOfLabel(layout, one!);
    expect(cellA).toEqual({ gridX: 0, gridY: 5 });
    expect(cellOne).toEqual({ gridX: 0, gridY: 5 });
    expect(cellName(cellA!, 6)).toBe('a1');
  });

  it.each([
    [6, 'f', '6'],
    [10, 'j', '10'],
    [16, 'p', '16'],
  ])('on %i×%i runs a to %s along the bottom and 1 to %s up the left side', (side, lastFile, lastRank) => {
    const layout = computeLayout(390, 390, side, side);
    const files = texts(layout, 'file');
    const ranks = texts(layout, 'rank');
    expect(files).toHaveLength(side);
    expect(files[0]).toBe('a');
    expect(files.at(-1)).toBe(lastFile);
    expect(ranks).toHaveLength(side);
    expect(ranks[0]).toBe(lastRank); // the top row, drawn first
    expect(ranks.at(-1)).toBe('1');
  });

  it('names each label as the cell it sits in is named in every message', () => {
    for (const side of [4, 6, 9, 12, 16]) {
      const layout = computeLayout(390, 390, side, side);
      for (const label of coordinateLabels(layout)) {
        const cell = cellOfLabel(layout, label);
        expect(cell).not.toBeNull();
        const name = cellName(cell!, side);
        // Files sit on the bottom row, ranks in the left column.
        if (label.axis === 'file') {
          expect(cell!.gridY).toBe(side - 1);
          expect(name.startsWith(label.text) && /^\d+$/.test(name.slice(label.text.length))).toBe(true);
        } else {
          expect(cell!.gridX).toBe(0);
          expect(name.slice(1)).toBe(label.text);
        }
      }
    }
  });

  it('shows none when the player turned coordinates off, or the board has no room', () => {
    expect(coordinateLabels(computeLayout(400, 400, 6, 6), false)).toEqual([]);
    expect(coordinateLabels(computeLayout(5, 5, 8, 8))).toEqual([]);
  });

  it('keeps the text small beside a 16×16 cell on a phone, yet readable', () => {
    const phone = computeLayout(374, 374, 16, 16); // a 390 px screen less the page's margins
    const size = coordinateFontSize(phone.cellSize);
    expect(size).toBeGreaterThanOrEqual(MIN_COORDINATE_FONT);
    expect(size).toBeLessThan(phone.cellSize / 2);
    expect(coordinateFontSize(80)).toBeLessThanOrEqual(13);
  });
});

describe('the Show coordinates choice on this device', () => {
  it('is on by default and for anything stored but the player turning it off', () => {
    expect(parseShowCoordinates(null)).toBe(true);
    expect(parseShowCoordinates(COORDINATES_SHOWN)).toBe(true);
    expect(parseShowCoordinates('garbage')).toBe(true);
    expect(parseShowCoordinates(COORDINATES_HIDDEN)).toBe(false);
  });
});
