import { describe, expect, it } from 'vitest';
import { boardStateToJson, parseBoardState, parseScoringMechanism } from './boardState';

const valid = { occupiedCells: [['0-0', '1-0'], ['2-2']], gridWidth: 3, gridHeight: 4 };

describe('parseBoardState', () => {
  it('reads the JSON form into sets of cell keys', () => {
    const parsed = parseBoardState(valid);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.gridWidth).toBe(3);
    expect(parsed.value.gridHeight).toBe(4);
    expect(parsed.value.occupiedCells[0]).toEqual(new Set(['0-0', '1-0']));
    expect(boardStateToJson(parsed.value)).toEqual(valid);
  });

  it.each([
    [null, 'expected a board state object'],
    [[1, 2], 'expected a board state object'],
    [{ ...valid, gridWidth: '3' }, 'gridWidth must be a whole number from 2 to 16, got "3"'],
    [{ ...valid, gridHeight: 2.5 }, 'gridHeight must be a whole number from 2 to 16, got 2.5'],
    [{ ...valid, gridWidth: undefined }, 'gridWidth must be a whole number from 2 to 16, got nothing'],
    [{ ...valid, gridWidth: 17 }, 'board size 17x4 is outside 2..16 on a side'],
    [{ ...valid, gridHeight: 1 }, 'board size 3x1 is outside 2..16 on a side'],
    [{ ...valid, occupiedCells: [['0-0']] }, 'occupiedCells must be a pair of lists of x-y cell keys, player 0 first'],
    [{ ...valid, occupiedCells: { 0: [] } }, 'occupiedCells must be a pair of lists of x-y cell keys, player 0 first'],
    [{ ...valid, occupiedCells: [['0-0'], [7]] }, 'bad cell key 7 for player 1: expected "x-y" with whole numbers'],
    [{ ...valid, occupiedCells: [['-1-0'], []] }, 'bad cell key "-1-0" for player 0: expected "x-y" with whole numbers'],
    [{ ...valid, occupiedCells: [['3-0'], []] }, 'cell 3-0 of player 0 is off the 3x4 grid'],
    [{ ...valid, occupiedCells: [['1-1'], ['01-1']] }, 'cell 1-1 is owned by both players'],
  ])('refuses %j: %s', (input, message) => {
    expect(parseBoardState(input)).toEqual({ ok: false, error: message });
  });
});

describe('parseScoringMechanism', () => {
  it('accepts the three spec names and nothing else', () => {
    expect(parseScoringMechanism('extension')).toEqual({ ok: true, value: 'extension' });
    expect(parseScoringMechanism('Connection')).toEqual({
      ok: false,
      error: 'unknown scoring mechanism "Connection": expected connection, expansion or extension',
    });
  });
});
