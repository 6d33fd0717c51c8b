import { describe, expect, it } from 'vitest';
import type { BoardState, CellKey } from '../../engine';
import { lastMoveLine, resultLine, turnLine } from './panelWords';

const board = (green: CellKey[], blue: CellKey[], side = 6): BoardState => ({
  occupiedCells: [new Set(green), new Set(blue)],
  gridWidth: side,
  gridHeight: side,
});
const two = ['Player 1', 'Player 2'] as const;
const vsAi = ['Alice', 'AI (Easy)'] as const;

describe('the player panel in words', () => {
  it('says whose turn it is: yours against the AI, by name between two players, the AI thinking', () => {
    expect(turnLine({ playerMode: 'ai', currentPlayer: 0, names: vsAi, thinking: false })).toBe('Your turn');
    expect(turnLine({ playerMode: 'ai', currentPlayer: 1, names: vsAi, thinking: true })).toBe('The AI is thinking…');
    expect(turnLine({ playerMode: 'ai', currentPlayer: 1, names: vsAi, thinking: false })).toBe('AI (Easy) to move');
    expect(turnLine({ playerMode: 'user', currentPlayer: 1, names: two, thinking: false })).toBe('Player 2 to move');
  });

  it('online, "your turn" follows this browser’s seat', () => {
    const names = ['Alice', 'Bob'] as const;
    expect(turnLine({ playerMode: 'user', currentPlayer: 1, names, thinking: false, you: 1 })).toBe('Your turn');
    expect(turnLine({ playerMode: 'user', currentPlayer: 0, names, thinking: false, you: 1 })).toBe('Alice to move');
  });

  it('names the last move by its player and its chess-style cell (row 1 at the bottom)', () => {
    expect(lastMoveLine(board(['0-0'], ['2-3']), { gridX: 2, gridY: 3 }, two)).toBe('Player 2 played c3');
    expect(lastMoveLine(board(['0-5'], []), { gridX: 0, gridY: 5 }, vsAi)).toBe('Alice played a1');
    expect(lastMoveLine(board([], []), undefined, two)).toBe('');
  });

  it('gives the result in the results dialog’s words', () => {
    expect(resultLine([12n, 10n], 'ai')).toBe('You Won!');
    expect(resultLine([10n, 12n], 'ai')).toBe('Sorry, you lost.');
    expect(resultLine([10n, 12n], 'user')).toBe('Player 2 Wins!');
    expect(resultLine([7n, 7n], 'user')).toBe('Draw!');
  });
});
