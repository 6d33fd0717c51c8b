import { describe, expect, it } from 'vitest';
import { gameTitle, headline, humanPlayer, sharedScore, shareText, winnerOf } from './result';

describe('winner', () => {
  it('the higher score wins, equal scores draw', () => {
    expect(winnerOf([12, 10])).toBe(0);
    expect(winnerOf([10, 12])).toBe(1);
    expect(winnerOf([7, 7])).toBe('draw');
    expect(winnerOf([0, 0])).toBe('draw');
  });

  it('against the AI the human is player 0, whoever opens (SPEC §4: the AI moves as player 1)', () => {
    expect(humanPlayer()).toBe(0);
  });
});

describe('headline versus the AI', () => {
  it('win, loss and draw of the human (player 0)', () => {
    expect(headline([12, 10], 'ai')).toEqual({ title: 'Congratulations!', result: 'You Won!' });
    expect(headline([10, 12], 'ai')).toEqual({ title: 'Game Over.', result: 'Sorry, you lost.' });
    expect(headline([9, 9], 'ai')).toEqual({ title: 'Game Over', result: "It's a Draw!" });
  });
});

describe('headline between two players', () => {
  it('names the winner by number, or a draw', () => {
    expect(headline([12, 10], 'user')).toEqual({ title: 'Game Over', result: 'Player 1 Wins!' });
    expect(headline([10, 12], 'user')).toEqual({ title: 'Game Over', result: 'Player 2 Wins!' });
    expect(headline([4, 4], 'user')).toEqual({ title: 'Game Over', result: 'Draw!' });
  });
});

describe('share text', () => {
  it('titles by scoring mode', () => {
    expect(gameTitle('connection')).toBe('Cell Connection');
    expect(gameTitle('expansion')).toBe('Cell Expansion');
    expect(gameTitle('extension')).toBe('Cell Extension');
  });

  it("versus the AI shares the human's score, won or lost", () => {
    expect(sharedScore([12, 10], 'ai')).toBe(12);
    expect(sharedScore([10, 12], 'ai')).toBe(10);
    expect(shareText([12, 10], 'ai', 'connection')).toBe('I scored 12 points in Cell Connection! You Won!');
    expect(shareText([10, 12], 'ai', 'extension')).toBe('I scored 10 points in Cell Extension! Sorry, you lost.');
    expect(shareText([8, 8], 'ai', 'expansion')).toBe("I scored 8 points in Cell Expansion! It's a Draw!");
  });

  it("between two players shares the winner's score", () => {
    expect(sharedScore([10, 32], 'user')).toBe(32);
    expect(shareText([10, 32], 'user', 'expansion')).toBe('I scored 32 points in Cell Expansion! Player 2 Wins!');
    expect(shareText([5, 5], 'user', 'connection')).toBe('I scored 5 points in Cell Connection! Draw!');
  });

  it('writes large scores plainly, as the template does', () => {
    expect(shareText([12000, 3], 'ai', 'connection')).toBe(
      'I scored 12000 points in Cell Connection! You Won!',
    );
  });
});
