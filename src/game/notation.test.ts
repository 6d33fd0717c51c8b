import { describe, expect, it } from 'vitest';
import { breakdownInWords, cellLabel, cellName } from './notation';

describe('cell names', () => {
  it('read like chess squares: the column letter, then the row from the bottom', () => {
    expect(cellName({ gridX: 0, gridY: 5 }, 6)).toBe('a1');
    expect(cellName({ gridX: 2, gridY: 3 }, 6)).toBe('c3');
    expect(cellName({ gridX: 15, gridY: 0 }, 16)).toBe('p16');
  });

  it("label a board square with its owner's shown name, or as empty", () => {
    expect(cellLabel({ gridX: 2, gridY: 3 }, 6, 'Alice')).toBe('c3, Alice');
    expect(cellLabel({ gridX: 0, gridY: 9 }, 10, null)).toBe('a1, empty');
  });
});

describe('a breakdown in words', () => {
  it('reads exponents as words and joins factors with "times"', () => {
    expect(breakdownInWords([{ value: 4, count: 2 }, { value: 3, count: 1 }])).toBe('4 squared times 3');
    expect(breakdownInWords([{ value: 2, count: 3 }])).toBe('2 cubed');
    expect(breakdownInWords([{ value: 2, count: 5 }])).toBe('2 to the power 5');
    expect(breakdownInWords([])).toBe('no groups');
  });
});
