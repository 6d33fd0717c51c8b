import type { CellKey, ScoringMechanism } from '../../engine';

/** One group of the spec's 5×5 example board with its value in each scoring mode. */
export interface ExampleGroup {
  player: 0 | 1; // 0 green, 1 blue
  cells: readonly CellKey[]; // 'x-y', x the column from the left, y the row from the top
  values: Record<ScoringMechanism, number>; // the group's value, e.g. connection = its size
}

/**
 * The annotated example of the information dialog (SPEC §9). The values are the spec's worked
 * numbers, written out for the picture; the engine's tests check the same board's scores.
 */
export const EXAMPLE_GROUPS: readonly ExampleGroup[] = [
  { player: 0, cells: ['0-0', '1-0', '0-1', '1-1'], values: { connection: 4, expansion: 8, extension: 4 } },
  { player: 0, cells: ['4-0', '4-1', '4-2'], values: { connection: 3, expansion: 4, extension: 2 } },
  { player: 1, cells: ['0-4', '1-4', '2-4', '3-4', '4-4'], values: { connection: 5, expansion: 8, extension: 4 } },
  { player: 1, cells: ['2-1', '2-2'], values: { connection: 2, expansion: 2, extension: 1 } },
];

/** A player's score in the example as the spec writes it, e.g. '4×3=12'. */
export function exampleScoreText(player: 0 | 1, mode: ScoringMechanism): string {
  const values = EXAMPLE_GROUPS.filter((group) => group.player === player).map((group) => group.values[mode]);
  return `${values.join('×')}=${values.reduce((product, value) => product * value, 1)}`;
}

/** Pairs of side-by-side cells inside each group: what the extension values count. */
export function exampleLinks(group: ExampleGroup): [[number, number], [number, number]][] {
  const points = group.cells.map((key) => key.split('-').map(Number) as [number, number]);
  const links: [[number, number], [number, number]][] = [];
  for (const [i, a] of points.entries()) {
    for (const b of points.slice(i + 1)) {
      if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1) links.push([a, b]);
    }
  }
  return links;
}
