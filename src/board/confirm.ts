/**
 * The confirm tap (lichess's "confirm move"): on a board whose cells are too small for a
 * fingertip to hit surely (16×16 on a phone: about 22 px), a first tap on an empty cell only
 * shows the piece there as a ghost, with its predicted gain; a second tap on the same cell
 * places it, and a tap on another empty cell moves the ghost there. Cells of CONFIRM_BELOW_PX
 * and more place on one tap, as always. Keyboard play never asks: its focus ring already shows
 * the cell. Pure: the component feeds it taps and acts on the effect it returns.
 */
import type { CellPosition } from './types';

/** Cells smaller than this (CSS px, about a fingertip's sure reach) ask for a confirming tap. */
export const CONFIRM_BELOW_PX = 36;

/** Whether a board drawn with cells of `cellSize` px asks for a confirming tap. */
export function confirmsTaps(cellSize: number): boolean {
  return cellSize > 0 && cellSize < CONFIRM_BELOW_PX;
}

/** What a tap lands on. */
export type TapTarget =
  | { kind: 'outside' } // off the grid
  | { kind: 'occupied'; cell: CellPosition }
  | { kind: 'empty'; cell: CellPosition; placeable: boolean }; // placeable: the player may move now

export type TapEffect =
  | { type: 'none' }
  | { type: 'place'; cell: CellPosition }
  | { type: 'ghost'; cell: CellPosition } // show the piece here, waiting for the confirming tap
  | { type: 'toggle' }; // an occupied cell: show or hide the annotations, as a tap always did

/**
 * The ghost waiting for its confirming tap after a tap on `target` (null: none), and what the
 * board should do. `pending` is the ghost before the tap; `confirm` whether taps are confirmed.
 */
export function stepTap(pending: CellPosition | null, target: TapTarget, confirm: boolean): { pending: CellPosition | null; effect: TapEffect } {
  switch (target.kind) {
    case 'outside':
      return { pending: null, effect: { type: 'none' } };
    case 'occupied':
      return { pending: null, effect: { type: 'toggle' } };
    case 'empty': {
      const { cell } = target;
      if (!target.placeable) return { pending: null, effect: { type: 'none' } };
      if (!confirm || (pending !== null && sameCell(pending, cell))) return { pending: null, effect: { type: 'place', cell } };
      return { pending: cell, effect: { type: 'ghost', cell } };
    }
  }
}

function sameCell(a: CellPosition, b: CellPosition): boolean {
  return a.gridX === b.gridX && a.gridY === b.gridY;
}
