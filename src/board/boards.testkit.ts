import type { BoardState, CellKey } from '../engine';

/** A board from rows of text, for tests: `0` and `1` are the players' cells, `.` is empty. */
export function board(rows: string[]): BoardState {
  const cells: [Set<CellKey>, Set<CellKey>] = [new Set(), new Set()];
  rows.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      if (ch === '0' || ch === '1') cells[Number(ch) as 0 | 1].add(`${x}-${y}`);
    }),
  );
  return { occupiedCells: cells, gridWidth: rows[0]?.length ?? 0, gridHeight: rows.length };
}
