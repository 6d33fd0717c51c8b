import type { BoardState, CellKey } from '../engine';

/**
 * The spec's annotated 5×5 example board (information dialog, "Scoring").
 * Its scores are known: connection 12 / 10, expansion 32 / 16, extension 8 / 4.
 */
export const exampleBoard: BoardState = {
  gridWidth: 5,
  gridHeight: 5,
  occupiedCells: [
    new Set<CellKey>(['0-0', '1-0', '0-1', '1-1', '4-0', '4-1', '4-2']),
    new Set<CellKey>(['0-4', '1-4', '2-4', '3-4', '4-4', '2-1', '2-2']),
  ],
};
