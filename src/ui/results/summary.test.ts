import { describe, expect, it } from 'vitest';
import { boardSizeText, difficultyName, scoreBoxes } from './summary';

describe('score boxes', () => {
  it('versus the AI: You (player 0) then AI (player 1)', () => {
    expect(scoreBoxes([12, 10], 'ai')).toEqual([
      { label: 'You', score: 12, player: 0 },
      { label: 'AI', score: 10, player: 1 },
    ]);
  });

  it('two players: Player 1 then Player 2', () => {
    expect(scoreBoxes([3, 8], 'user')).toEqual([
      { label: 'Player 1', score: 3, player: 0 },
      { label: 'Player 2', score: 8, player: 1 },
    ]);
  });
});

describe('details', () => {
  it('writes the board size', () => {
    expect(boardSizeText('6')).toBe('Board Size: 6x6');
    expect(boardSizeText('10')).toBe('Board Size: 10x10');
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
