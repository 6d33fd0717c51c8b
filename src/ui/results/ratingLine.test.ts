import { describe, expect, it } from 'vitest';
import { ratingLine } from './OnlineResults';

describe('the rating line of online Game Results', () => {
  it('names the player, the rating before and after, and the signed change', () => {
    expect(ratingLine('Ann', { playerId: 'a', before: 1200, after: 1220 })).toBe('Ann: 1,200 → 1,220 (+20)');
    expect(ratingLine('Ben', { playerId: 'b', before: 1200, after: 1180 })).toBe('Ben: 1,200 → 1,180 (−20)');
    expect(ratingLine('Cy', { playerId: 'c', before: 987, after: 987 })).toBe('Cy: 987 → 987 (±0)');
  });
});
