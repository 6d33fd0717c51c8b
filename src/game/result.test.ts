import { describe, expect, it } from 'vitest';
import { gameTitle, headline, humanPlayer, sharedScore, shareText, winnerOf } from './result';

describe('winner', () => {
  it('the higher score wins, equal scores draw', () => {
    expect(winnerOf([12n, 10n])).toBe(0);
    expect(winnerOf([10n, 12n])).toBe(1);
    expect(winnerOf([7n, 7n])).toBe('draw');
    expect(winnerOf([0n, 0n])).toBe('draw');
  });

  it('against the AI the human is player 0, whoever opens (SPEC §4: the AI moves as player 1)', () => {
    expect(humanPlayer()).toBe(0);
  });
});

describe('headline versus the AI', () => {
  it('win, loss and draw of the human (player 0)', () => {
    expect(headline([12n, 10n], 'ai')).toEqual({ title: 'Congratulations!', result: 'You Won!' });
    expect(headline([10n, 12n], 'ai')).toEqual({ title: 'Game Over.', result: 'Sorry, you lost.' });
    expect(headline([9n, 9n], 'ai')).toEqual({ title: 'Game Over', result: "It's a Draw!" });
  });
});

describe('headline between two players', () => {
  it('names the winner by number, or a draw', () => {
    expect(headline([12n, 10n], 'user')).toEqual({ title: 'Game Over', result: 'Player 1 Wins!' });
    expect(headline([10n, 12n], 'user')).toEqual({ title: 'Game Over', result: 'Player 2 Wins!' });
    expect(headline([4n, 4n], 'user')).toEqual({ title: 'Game Over', result: 'Draw!' });
  });
});

describe('share text', () => {
  it('titles by scoring mode', () => {
    expect(gameTitle('connection')).toBe('Cell Connection');
    expect(gameTitle('expansion')).toBe('Cell Expansion');
    expect(gameTitle('extension')).toBe('Cell Extension');
  });

  it("versus the AI shares the human's score, won or lost", () => {
    expect(sharedScore([12n, 10n], 'ai')).toBe(12n);
    expect(sharedScore([10n, 12n], 'ai')).toBe(10n);
    expect(shareText([12n, 10n], 'ai', 'connection')).toBe('I scored 12 points in Cell Connection! You Won!');
    expect(shareText([10n, 12n], 'ai', 'extension')).toBe('I scored 10 points in Cell Extension! Sorry, you lost.');
    expect(shareText([8n, 8n], 'ai', 'expansion')).toBe("I scored 8 points in Cell Expansion! It's a Draw!");
  });

  it("between two players shares the winner's score", () => {
    expect(sharedScore([10n, 32n], 'user')).toBe(32n);
    expect(shareText([10n, 32n], 'user', 'expansion')).toBe('I scored 32 points in Cell Expansion! Player 2 Wins!');
    expect(shareText([5n, 5n], 'user', 'connection')).toBe('I scored 5 points in Cell Connection! Draw!');
  });

  it('writes large scores plainly, as the template does', () => {
    expect(shareText([12000n, 3n], 'ai', 'connection')).toBe(
      'I scored 12000 points in Cell Connection! You Won!',
    );
  });
});
