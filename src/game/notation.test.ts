import { describe, expect, it } from 'vitest';
import { breakdownInWords, cellName } from './notation';

describe('cell names', () => {
  it('read like chess squares: the column letter, then the row from the bottom', () => {
    expect(cellName({ gridX: 0, gridY: 5 }, 6)).toBe('a1');
    expect(cellName({ gridX: 2, gridY: 3 }, 6)).toBe('c3');
    expect(cellName({ gridX: 15, gridY: 0 }, 16)).toBe('p16');
  });
});

describe('a breakdown in words', () => {
  it('reads exponents as words and joins factors with "times"', () => {
    expect(breakdownInWords([{ value: 4, count: 2 }, { value: 3, count: 1 }], 48)).toBe('4 squared times 3 equals 48');
    expect(breakdownInWords([{ value: 2, count: 3 }], 8)).toBe('2 cubed equals 8');
    expect(breakdownInWords([{ value: 2, count: 5 }], 32)).toBe('2 to the power 5 equals 32');
    expect(breakdownInWords([], 0)).toBe('no groups');
  });
});
