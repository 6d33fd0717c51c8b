/** Which cell shows the desktop hover ghost: a free cell under the mouse on the player's turn, nothing else. */
import { describe, expect, it } from 'vitest';
import type { BoardState, CellKey } from '../engine';
import { loadEngine } from '../engine/load';
import { hoverCell, type HoverContext } from './hover';

const board: BoardState = { gridWidth: 4, gridHeight: 4, occupiedCells: [new Set<CellKey>(['0-0']), new Set<CellKey>(['1-0'])] };
const mouse: HoverContext = { board, interactive: true, pointerType: 'mouse', dragging: false };
const free = { gridX: 2, gridY: 3 };

describe('the hover ghost', () => {
  it('shows on a free cell under the mouse on the player’s turn', () => {
    expect(hoverCell(free, mouse)).toEqual(free);
  });

  it('shows on no taken cell, of either player, and nowhere off the board', () => {
    expect(hoverCell({ gridX: 0, gridY: 0 }, mouse)).toBeNull();
    expect(hoverCell({ gridX: 1, gridY: 0 }, mouse)).toBeNull();
    expect(hoverCell(null, mouse)).toBeNull();
    expect(hoverCell({ gridX: 4, gridY: 0 }, mouse)).toBeNull();
  });

  it('shows nothing while the computer or the opponent is to move', () => {
    expect(hoverCell(free, { ...mouse, interactive: false })).toBeNull();
  });

  it('shows nothing for a finger or a pen, nor during a hold-drag', () => {
    expect(hoverCell(free, { ...mouse, pointerType: 'touch' })).toBeNull();
    expect(hoverCell(free, { ...mouse, pointerType: 'pen' })).toBeNull();
    expect(hoverCell(free, { ...mouse, dragging: true })).toBeNull();
  });

  it('shows nothing on a cell "No mirroring" refuses, by the engine\'s own rule', async () => {
    const engine = await loadEngine();
    // Player 1 to move against a lone cell in a corner: its images under a half turn and the flips are refused.
    const corner: BoardState = { gridWidth: 4, gridHeight: 4, occupiedCells: [new Set<CellKey>(['0-0']), new Set<CellKey>()] };
    const playable = (cell: { gridX: number; gridY: number }) => engine.play(corner, cell, 1, 'connection', { mirrorRule: true }).ok;
    const context = { ...mouse, board: corner, playable };
    for (const refused of [{ gridX: 3, gridY: 3 }, { gridX: 3, gridY: 0 }, { gridX: 0, gridY: 3 }]) expect(hoverCell(refused, context)).toBeNull();
    expect(hoverCell({ gridX: 1, gridY: 2 }, context)).toEqual({ gridX: 1, gridY: 2 });
  });
});
