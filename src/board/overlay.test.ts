import { describe, expect, it } from 'vitest';
import { board } from './boards.testkit';
import type { Group } from '../engine';
import { arrowGeometry, groupLabels, ownerOf, overlaySegments } from './overlay';

// Player 0: an L of three cells (2 pairs); player 1: an L of three (2 pairs) and a lone cell.
const sample = board(['00..', '0.11', '...1', '1...']);

describe('overlaySegments', () => {
  it('connection links each adjacent same-player pair once', () => {
    const segments = overlaySegments(sample, 'connection');
    expect(segments).toHaveLength(4);
    expect(segments.every((s) => s.style === 'link')).toBe(true);
    expect(segments.filter((s) => s.player === 0)).toHaveLength(2);
  });

  it('expansion gives two arrows per pair, one each way', () => {
    const segments = overlaySegments(sample, 'expansion');
    expect(segments).toHaveLength(8);
    for (const s of segments) {
      expect(s.style).toBe('arrow');
      const reverse = segments.filter(
        (r) =>
          r.from.gridX === s.to.gridX && r.from.gridY === s.to.gridY && r.to.gridX === s.from.gridX && r.to.gridY === s.from.gridY,
      );
      expect(reverse).toHaveLength(1);
    }
  });

  it('extension gives each distinct pair as one line', () => {
    const segments = overlaySegments(sample, 'extension');
    expect(segments).toHaveLength(4);
    expect(segments.every((s) => s.style === 'line')).toBe(true);
  });

  it('never joins cells of different players, diagonals, or across the edge', () => {
    // Row ends are not neighbours of the next row's start; diagonals are not adjacent.
    expect(overlaySegments(board(['01', '10']), 'connection')).toEqual([]);
    expect(overlaySegments(board(['0.', '.0']), 'extension')).toEqual([]);
    expect(overlaySegments(board(['..0', '0..']), 'connection')).toEqual([]);
  });

  it('joins only 4-adjacent cells', () => {
    for (const s of overlaySegments(board(['000', '010', '000']), 'extension')) {
      expect(Math.abs(s.from.gridX - s.to.gridX) + Math.abs(s.from.gridY - s.to.gridY)).toBe(1);
    }
    expect(overlaySegments(board(['000', '0.0', '000']), 'extension')).toHaveLength(8);
  });
});

describe('ownerOf', () => {
  it('reads the owner from the board', () => {
    expect(ownerOf(sample, { gridX: 0, gridY: 0 })).toBe(0);
    expect(ownerOf(sample, { gridX: 3, gridY: 2 })).toBe(1);
    expect(ownerOf(sample, { gridX: 1, gridY: 1 })).toBeNull();
  });
});

describe('arrowGeometry', () => {
  const layout = { cellSize: 100, originX: 0, originY: 0, gridWidth: 4, gridHeight: 4 };
  const there = arrowGeometry(layout, { player: 0, from: { gridX: 0, gridY: 0 }, to: { gridX: 1, gridY: 0 }, style: 'arrow' });
  const back = arrowGeometry(layout, { player: 0, from: { gridX: 1, gridY: 0 }, to: { gridX: 0, gridY: 0 }, style: 'arrow' });

  it('points from the source cell towards the target cell', () => {
    expect(there.tip.x).toBeGreaterThan(there.start.x);
    expect(back.tip.x).toBeLessThan(back.start.x);
  });

  it('keeps the two arrows of a pair apart so both are visible', () => {
    expect(Math.abs(there.start.y - back.start.y)).toBeGreaterThan(10);
  });

  it('puts the barbs behind the tip, one on each side', () => {
    for (const barb of there.barbs) expect(barb.x).toBeLessThan(there.tip.x);
    expect(there.barbs[0].y).not.toBeCloseTo(there.barbs[1].y);
  });
});

describe('groupLabels', () => {
  it('draws one label per group, on the cell nearest its centre', () => {
    const snake: Group = {
      player: 1,
      value: 5,
      cells: [0, 1, 2, 3, 4].map((gridX) => ({ gridX, gridY: 2 })),
    };
    const lone: Group = { player: 0, value: 1, cells: [{ gridX: 4, gridY: 4 }] };
    expect(groupLabels([snake, lone])).toEqual([
      { player: 1, cell: { gridX: 2, gridY: 2 }, text: '5' },
      { player: 0, cell: { gridX: 4, gridY: 4 }, text: '1' },
    ]);
  });

  it('skips a group without cells', () => {
    expect(groupLabels([{ player: 0, value: 0, cells: [] }])).toEqual([]);
  });
});
