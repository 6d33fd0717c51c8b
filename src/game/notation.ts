/**
 * Cells and scores in words, for players and screen readers: chess-style cell names (the
 * column's letter, then the row counted from the bottom, as lichess reads a square) and a
 * score's breakdown read aloud ("4 squared times 3").
 */
import type { CellPosition } from '../engine';

/** "c3": column letter from the left, row number from the bottom of a board `height` rows tall. */
export function cellName(cell: CellPosition, height: number): string {
  return `${String.fromCharCode(97 + cell.gridX)}${height - cell.gridY}`;
}

/** A board square for a screen reader: "c3, Alice" (its owner's shown name) or "c3, empty". */
export function cellLabel(cell: CellPosition, height: number, ownerName: string | null): string {
  return `${cellName(cell, height)}, ${ownerName ?? 'empty'}`;
}

const POWERS: Record<number, string> = { 2: 'squared', 3: 'cubed' };

/** One factor of a breakdown read aloud: "4", "2 squared", "3 cubed", "2 to the power 5". */
function factorInWords(value: number, count: number): string {
  if (count === 1) return String(value);
  return `${value} ${POWERS[count] ?? `to the power ${count}`}`;
}

/** A breakdown (see ui/groupFactors) read aloud: "4 squared times 3"; "no groups". */
export function breakdownInWords(factors: readonly { value: number; count: number }[]): string {
  if (factors.length === 0) return 'no groups';
  return factors.map(({ value, count }) => factorInWords(value, count)).join(' times ');
}
