import { describe, expect, it } from 'vitest';
import { exampleBoard } from '../exampleBoard';
import { EXAMPLE_GROUPS, exampleLinks, exampleScoreText } from './exampleGroups';

describe('the information dialog’s example board (SPEC §9)', () => {
  it('writes the spec’s numbers', () => {
    expect(exampleScoreText(0, 'connection')).toBe('4×3=12');
    expect(exampleScoreText(1, 'connection')).toBe('5×2=10');
    expect(exampleScoreText(0, 'expansion')).toBe('8×4=32');
    expect(exampleScoreText(1, 'expansion')).toBe('8×2=16');
    expect(exampleScoreText(0, 'extension')).toBe('4×2=8');
    expect(exampleScoreText(1, 'extension')).toBe('4×1=4');
  });

  it('draws exactly the cells of the example board', () => {
    for (const player of [0, 1] as const) {
      const cells = EXAMPLE_GROUPS.filter((group) => group.player === player).flatMap((group) => group.cells);
      expect(new Set(cells)).toEqual(exampleBoard.occupiedCells[player]);
    }
  });

  it('links side-by-side cells only: the extension values are the link counts', () => {
    for (const group of EXAMPLE_GROUPS) expect(Math.max(1, exampleLinks(group).length)).toBe(group.values.extension);
  });
});
