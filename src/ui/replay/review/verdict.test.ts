/**
 * The review's words for a step: the verdict said for the player to move (exact where proven,
 * the final result on a full board, Expert's estimate elsewhere), the best move, what a move was
 * worth; and the chart's option, drawn from the same positions.
 */
import { describe, expect, it } from 'vitest';
import type { EstimatedPosition, ExactPosition } from '../../../game/review/analyse';
import type { MoveReview } from '../../../game/review/moves';
import { evalChartOption, pointInWords } from './evalOption';
import { bestInWords, estimateInWords, markCounts, moveInWords, verdictInWords } from './verdict';

const NAMES: [string, string] = ['Player 1', 'Player 2'];
const c4 = { gridX: 2, gridY: 2 }; // on a 6×6 board

const position = (overrides: Partial<ExactPosition>): ExactPosition => ({
  step: 10,
  mover: 1,
  exact: true,
  value: 14n,
  chance: 1,
  best: c4,
  afterBest: null,
  ...overrides,
});

const estimate = (overrides: Partial<EstimatedPosition>): EstimatedPosition => ({ ...position({}), exact: false, value: 1.2, chance: 0.5, ...overrides });

describe('verdictInWords', () => {
  it('says the exact result with best play for the player to move, with the margin', () => {
    expect(verdictInWords(position({ value: 1400n }), null, NAMES)).toBe('Player 2 to move: won with best play, by 1,400 (exact).');
    expect(verdictInWords(position({ mover: 0, value: -3n, chance: -1 }), null, NAMES)).toBe('Player 1 to move: lost with best play, by 3 (exact).');
    expect(verdictInWords(position({ value: 0n, chance: 0 }), null, NAMES)).toBe('Player 2 to move: drawn with best play (exact).');
  });

  it('says a 16×16 margin past 2^64 with every digit', () => {
    expect(verdictInWords(position({ value: 2n ** 96n + 1n }), null, NAMES)).toBe('Player 2 to move: won with best play, by 79,228,162,514,264,337,593,543,950,337 (exact).');
    expect(verdictInWords(position({ mover: null, value: -(2n ** 64n), chance: -1, best: null }), -1, NAMES)).toBe('Game over: Player 2 won by 18,446,744,073,709,551,616.');
  });

  it('says the game’s result on a full board', () => {
    expect(verdictInWords(position({ mover: null, value: -12n, chance: -1, best: null }), -1, NAMES)).toBe('Game over: Player 2 won by 12.');
    expect(verdictInWords(position({ mover: null, value: 0n, chance: 0, best: null }), 0, NAMES)).toBe('Game over: a draw.');
  });

  it('gives Expert’s estimate for the player to move beyond the solver’s reach, from the chart’s value for Player 1', () => {
    const estimated = estimate({});
    // The chart says Player 1 is much better: so Player 2, to move, is losing.
    expect(verdictInWords(estimated, 0.8, NAMES)).toBe("Player 2 to move: beyond the solver's reach; Expert's estimate: losing.");
    expect(verdictInWords(estimated, -0.05, NAMES)).toBe("Player 2 to move: beyond the solver's reach; Expert's estimate: about even.");
  });

  it('words the estimates from about even to winning and losing', () => {
    expect([0, 0.2, 0.5, 0.9, -0.2, -0.5, -0.9].map(estimateInWords)).toEqual([
      'about even',
      'slightly better',
      'better',
      'winning',
      'slightly worse',
      'worse',
      'losing',
    ]);
  });
});

describe('the best move and the move played', () => {
  it('names the best move for the player to move, none on a full board', () => {
    expect(bestInWords(position({}), 6, NAMES)).toBe('Best: c4 (Player 2 to move)');
    expect(bestInWords(position({ mover: null, best: null }), 6, NAMES)).toBeNull();
  });

  const move = (overrides: Partial<MoveReview>): MoveReview => ({
    move: 5,
    player: 0,
    cell: { gridX: 3, gridY: 3 },
    mark: 'blunder',
    best: c4,
    chanceLost: 2,
    exactLoss: 26n,
    ...overrides,
  });

  it('says what the move was worth, the best move and the exact margin lost where proven', () => {
    expect(moveInWords(move({}), 6, NAMES)).toBe('Move 5, Player 1, d3: blunder (??); best was c4, 26 points of the final margin lost.');
    expect(moveInWords(move({ mark: 'inaccuracy', exactLoss: null }), 6, NAMES)).toBe('Move 5, Player 1, d3: inaccuracy (?!); best was c4.');
    expect(moveInWords(move({ mark: 'best', exactLoss: 0n }), 6, NAMES)).toBe('Move 5, Player 1, d3: best move (!).');
    // No choice: no "!", and no best move to name beside it.
    expect(moveInWords(move({ mark: 'forced', exactLoss: 0n }), 6, NAMES)).toBe('Move 5, Player 1, d3: forced move.');
    expect(moveInWords(move({ exactLoss: 2n ** 64n + 1n }), 16, NAMES)).toBe('Move 5, Player 1, d13: blunder (??); best was c14, 18,446,744,073,709,551,617 points of the final margin lost.');
  });

  it('counts each player’s inaccuracies, mistakes and blunders', () => {
    const moves = [move({}), move({ player: 1, mark: 'mistake' }), null, move({ mark: 'inaccuracy' }), move({ mark: 'good' }), move({ mark: 'forced' })];
    expect(markCounts(moves, 0)).toEqual({ inaccuracy: 1, mistake: 0, blunder: 1 });
    expect(markCounts(moves, 1)).toEqual({ inaccuracy: 0, mistake: 1, blunder: 0 });
  });
});

describe('the evaluation chart', () => {
  const colours = { line: '#0a0', cursor: '#888', text: '#000', grid: '#ccc' };

  it('plots Player 1’s expected result per position from -1 to +1, gaps where not analysed, and the current step', () => {
    const points = [
      { chance: 0.3, exact: false },
      { chance: -1, exact: true },
      { chance: null, exact: false },
    ];
    const option = evalChartOption(points, 1, colours);
    const [line, cursor] = option.series as { data: unknown[] }[];
    expect(line!.data).toEqual([
      [0, 0.3],
      [1, -1],
      [2, null],
    ]);
    expect(cursor!.data).toEqual([
      [1, -1],
      [1, 1],
    ]);
    expect(option.yAxis).toMatchObject({ min: -1, max: 1 });
  });

  it('says each point in words in its tooltip', () => {
    expect(pointInWords(0, { chance: 0.45, exact: false })).toBe('Start: Player 1 better (+0.45, estimate)');
    expect(pointInWords(30, { chance: -1, exact: true, margin: -1400n })).toBe('Move 30: Player 2 wins by 1,400 (proven)');
    expect(pointInWords(250, { chance: 1, exact: true, margin: 2n ** 64n })).toBe('Move 250: Player 1 wins by 18,446,744,073,709,551,616 (proven)');
    expect(pointInWords(31, { chance: 0, exact: true })).toBe('Move 31: a draw (proven)');
    expect(pointInWords(4, { chance: null, exact: false })).toBe('Move 4: not analysed yet');
  });
});
