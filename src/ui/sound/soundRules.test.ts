import { describe, expect, it } from 'vitest';
import { lowTimeDue, msUntilLowTime, soundFor, type HeardGame } from './soundRules';

const at = (moveCount: number, currentPlayer: 0 | 1, over = false): HeardGame => ({ moveCount, currentPlayer, over });

describe('the sound each change of an online game makes', () => {
  it('says nothing for the first state heard (opening or reloading the page)', () => {
    expect(soundFor(null, at(5, 1), 0)).toBeNull();
  });

  it("plays the player's own move and the opponent's move differently", () => {
    // Seat 0 moved: now it is seat 1's turn.
    expect(soundFor(at(0, 0), at(1, 1), 0)).toBe('your-move');
    expect(soundFor(at(0, 0), at(1, 1), 1)).toBe('opponent-move');
  });

  it('a spectator hears every move as a move of another', () => {
    expect(soundFor(at(3, 1), at(4, 0), null)).toBe('opponent-move');
  });

  it('plays the end once, instead of the last move, and nothing after it', () => {
    expect(soundFor(at(35, 1), at(36, 0, true), 1)).toBe('game-end');
    expect(soundFor(at(36, 0, true), at(36, 0, true), 1)).toBeNull();
    // A forfeit: no new move, the game is over.
    expect(soundFor(at(4, 0), at(4, 0, true), 0)).toBe('game-end');
  });

  it('an undo or a rematch starting is silent', () => {
    expect(soundFor(at(4, 0), at(3, 1), 0)).toBeNull();
    expect(soundFor(at(36, 0, true), at(0, 0), 0)).toBeNull();
  });
});

describe('the low-time sound', () => {
  it('plays once, when the clock goes under ten seconds', () => {
    expect(lowTimeDue(false, 10_001)).toBe(false);
    expect(lowTimeDue(false, 9_900)).toBe(true);
    expect(lowTimeDue(true, 5_000)).toBe(false);
  });

  it('not for a clock that has run out (the flag has its own sound)', () => {
    expect(lowTimeDue(false, 0)).toBe(false);
  });

  it('waits until the running clock reaches ten seconds', () => {
    expect(msUntilLowTime(25_000)).toBe(15_000);
    expect(msUntilLowTime(4_000)).toBe(0);
  });
});
