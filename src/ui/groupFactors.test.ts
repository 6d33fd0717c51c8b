import { describe, expect, it } from 'vitest';
import { groupFactors } from './groupFactors';

describe('score breakdown', () => {
  it('sorts group values descending', () => {
    expect(groupFactors([3, 4])).toEqual([
      { value: 4, count: 1 },
      { value: 3, count: 1 },
    ]);
  });

  it('writes repeated values with an exponent', () => {
    expect(groupFactors([2, 4, 2, 2])).toEqual([
      { value: 4, count: 1 },
      { value: 2, count: 3 },
    ]);
  });

  it('has no factors without groups', () => {
    expect(groupFactors([])).toEqual([]);
  });
});
