import { describe, expect, it } from 'vitest';
import { CONFIRM_BELOW_PX, confirmsTaps, stepTap, type TapTarget } from './confirm';
import { computeLayout } from './layout';

const c3 = { gridX: 2, gridY: 13 };
const d3 = { gridX: 3, gridY: 13 };
const empty = (cell: typeof c3, placeable = true): TapTarget => ({ kind: 'empty', cell, placeable });

describe('which boards ask for a confirming tap', () => {
  it('cells under about 36 px ask; larger cells place on one tap, as always', () => {
    expect(CONFIRM_BELOW_PX).toBe(36);
    expect(confirmsTaps(22)).toBe(true);
    expect(confirmsTaps(35)).toBe(true);
    expect(confirmsTaps(36)).toBe(false);
    expect(confirmsTaps(60)).toBe(false);
    expect(confirmsTaps(0)).toBe(false); // not measured yet: nothing to tap
  });

  it('a 16×16 board on a 390 px phone asks; the same board on a desktop, and 6×6 on the phone, do not', () => {
    expect(confirmsTaps(computeLayout(382, 382, 16, 16).cellSize)).toBe(true);
    expect(confirmsTaps(computeLayout(720, 720, 16, 16).cellSize)).toBe(false);
    expect(confirmsTaps(computeLayout(382, 382, 6, 6).cellSize)).toBe(false);
  });
});

describe('the confirm tap', () => {
  it('a first tap on an empty cell shows the ghost and places nothing', () => {
    expect(stepTap(null, empty(c3), true)).toEqual({ pending: c3, effect: { type: 'ghost', cell: c3 } });
  });

  it('a second tap on the same cell places the piece there', () => {
    expect(stepTap(c3, empty({ ...c3 }), true)).toEqual({ pending: null, effect: { type: 'place', cell: c3 } });
  });

  it('a tap on another empty cell moves the ghost there, placing nothing', () => {
    expect(stepTap(c3, empty(d3), true)).toEqual({ pending: d3, effect: { type: 'ghost', cell: d3 } });
  });

  it('a tap off the grid or on an occupied cell drops the ghost (the occupied cell toggles the annotations)', () => {
    expect(stepTap(c3, { kind: 'outside' }, true)).toEqual({ pending: null, effect: { type: 'none' } });
    expect(stepTap(c3, { kind: 'occupied', cell: d3 }, true)).toEqual({ pending: null, effect: { type: 'toggle' } });
  });

  it('while the player may not move (the computer thinks), a tap shows no ghost and places nothing', () => {
    expect(stepTap(null, empty(c3, false), true)).toEqual({ pending: null, effect: { type: 'none' } });
    expect(stepTap(c3, empty(c3, false), true)).toEqual({ pending: null, effect: { type: 'none' } });
  });

  it('on large cells one tap places, as always', () => {
    expect(stepTap(null, empty(c3), false)).toEqual({ pending: null, effect: { type: 'place', cell: c3 } });
    expect(stepTap(null, { kind: 'occupied', cell: c3 }, false)).toEqual({ pending: null, effect: { type: 'toggle' } });
  });
});
