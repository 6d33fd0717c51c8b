import { describe, expect, it } from 'vitest';
import { boardSizeText, difficultyName, scoreBoxes } from './summary';

describe('score boxes', () => {
  it('versus the AI: You (player 0) then AI (player 1)', () => {
    expect(scoreBoxes([12n, 10n], 'ai')).toEqual([
      { label: 'You', score: 12n, player: 0 },
      { label: 'AI', score: 10n, player: 1 },
    ]);
  });

  it('two players: Player 1 then Player 2', () => {
    expect(scoreBoxes([3n, 8n], 'user')).toEqual([
      { label: 'Player 1', score: 3n, player: 0 },
      { label: 'Player 2', score: 8n, player: 1 },
    ]);
  });

  it('keeps every digit of a score past 2^64', () => {
    expect(scoreBoxes([2n ** 96n, 2n ** 64n + 1n], 'user').map((box) => box.score)).toEqual([2n ** 96n, 2n ** 64n + 1n]);
  });
});

describe('details', () => {
  it('writes the board size', () => {
    expect(boardSizeText('6')).toBe('Board Size: 6x6');
    expect(boardSizeText('10')).toBe('Board Size: 10x10');
    expect(boardSizeText('16')).toBe('Board Size: 16x16');
  });

  it('capitalises the difficulty', () => {
    expect(['easy', 'medium', 'hard', 'expert'].map((l) => difficultyName(l as 'easy'))).toEqual([
      'Easy',
      'Medium',
      'Hard',
      'Expert',
    ]);
  });
});
