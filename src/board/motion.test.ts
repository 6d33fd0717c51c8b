import { describe, expect, it } from 'vitest';
import { board } from './boards.testkit';
import { easeOut, MAX_ANIMATED_CELLS, PLACEMENT_MS, placedCells, placementProgress } from './motion';

describe('the placement animation’s timing', () => {
  it('eases out: starts at 0, ends at 1, most of the way done by half time', () => {
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(0.5)).toBeGreaterThan(0.8);
  });

  it('never leaves 0..1, whatever the clock says (frames may come early or late)', () => {
    expect(easeOut(-0.3)).toBe(0);
    expect(easeOut(4)).toBe(1);
  });

  it('rises steadily from the first frame to the last', () => {
    const samples = [0, 20, 60, 100, 140, PLACEMENT_MS].map(placementProgress);
    for (let i = 1; i < samples.length; i++) expect(samples[i]).toBeGreaterThan(samples[i - 1]!);
    expect(placementProgress(PLACEMENT_MS)).toBe(1);
  });

  it('takes between 150 and 200 ms: quick, yet seen', () => {
    expect(PLACEMENT_MS).toBeGreaterThanOrEqual(150);
    expect(PLACEMENT_MS).toBeLessThanOrEqual(200);
  });
});

describe('placedCells: what grows in after a board change', () => {
  const before = board(['0..', '.1.', '...']);

  it('a move: its cell, with its player', () => {
    expect(placedCells(before, board(['0.0', '.1.', '...']))).toEqual([{ cell: { gridX: 2, gridY: 0 }, player: 0 }]);
  });

  it('a move and the computer’s answer in one change: both', () => {
    const placed = placedCells(before, board(['00.', '.1.', '..1']));
    expect(placed).toEqual([
      { cell: { gridX: 1, gridY: 0 }, player: 0 },
      { cell: { gridX: 2, gridY: 2 }, player: 1 },
    ]);
    expect(placed.length).toBeLessThanOrEqual(MAX_ANIMATED_CELLS);
  });

  it('an undo removes cells: nothing grows (a removed cell must not reappear)', () => {
    expect(placedCells(before, board(['...', '.1.', '...']))).toEqual([]);
  });

  it('an undo and a new move in one change: nothing grows', () => {
    expect(placedCells(before, board(['...', '.1.', '0..']))).toEqual([]);
  });

  it('a reset or a new game of another size: nothing grows', () => {
    expect(placedCells(before, board(['...', '...', '...']))).toEqual([]);
    expect(placedCells(before, board(['0...', '.1..', '..0.', '....']))).toEqual([]);
  });

  it('a whole game appearing at once (restored, loaded): nothing grows', () => {
    expect(placedCells(board(['...', '...', '...']), board(['01.', '.10', '...']))).toEqual([]);
  });

  it('the first board and an unchanged board: nothing grows', () => {
    expect(placedCells(undefined, before)).toEqual([]);
    expect(placedCells(before, before)).toEqual([]);
    expect(placedCells(before, board(['0..', '.1.', '...']))).toEqual([]);
  });
});
