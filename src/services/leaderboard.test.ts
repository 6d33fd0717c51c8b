import { describe, expect, it } from 'vitest';
import {
  aiGameOutcome,
  difficultyRank,
  scoreMargin,
  sortAiHighScores,
  stripCellPrefix,
  toGameResultEntry,
  type GameResultRecord,
} from './leaderboard';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

function record(overrides: Partial<GameResultRecord> = {}): GameResultRecord {
  return {
    id: '1',
    player1_id: A,
    player2_id: B,
    player1_score: 12n,
    player2_score: 8n,
    winner_id: A,
    scoring_mechanism: 'connection',
    board_size: 6,
    created_at: '2026-11-22T10:00:00Z',
    player1_elo_before: 1200,
    player1_elo_after: 1220,
    player2_elo_before: 1200,
    player2_elo_after: 1180,
    ...overrides,
  };
}

describe('difficulty order and margin', () => {
  it('ranks expert above hard above medium above easy, unknown last', () => {
    expect(['easy', 'medium', 'hard', 'expert', null, 'odd'].map(difficultyRank)).toEqual([1, 2, 3, 4, 0, 0]);
  });

  it('takes a missing AI score as 0', () => {
    expect(scoreMargin({ score: 10n, opponent_score: 4n })).toBe(6n);
    expect(scoreMargin({ score: 10n, opponent_score: null })).toBe(10n);
    // Exact past 2^53: a 16×16 expansion score against one a unit below it.
    expect(scoreMargin({ score: 2n ** 96n, opponent_score: 2n ** 96n - 1n })).toBe(1n);
  });

  it('tells a high score won, lost or drawn from the two scores, and nothing without the AI score', () => {
    expect(aiGameOutcome({ score: 10n, opponent_score: 4n })).toBe('Won');
    expect(aiGameOutcome({ score: 4n, opponent_score: 10n })).toBe('Lost');
    expect(aiGameOutcome({ score: 7n, opponent_score: 7n })).toBe('Draw');
    expect(aiGameOutcome({ score: 10n, opponent_score: null })).toBeNull();
    expect(aiGameOutcome({ score: 2n ** 64n + 1n, opponent_score: 2n ** 64n })).toBe('Won');
  });
});

describe('sortAiHighScores', () => {
  it('puts harder levels first, then larger margins, without touching the input', () => {
    const rows = [
      { id: 'e', ai_difficulty: 'easy', score: 1000n, opponent_score: 1n },
      { id: 'h-small', ai_difficulty: 'hard', score: 50n, opponent_score: 40n },
      { id: 'x', ai_difficulty: 'expert', score: 5n, opponent_score: 4n },
      { id: 'h-big', ai_difficulty: 'hard', score: 30n, opponent_score: null },
      { id: 'm', ai_difficulty: 'medium', score: 9n, opponent_score: 2n },
      { id: 'u', ai_difficulty: null, score: 9999n, opponent_score: 0n },
      // Margins that a double cannot tell apart (2^64 + 2 and 2^64 + 1 round to the same).
      { id: 'x-huge-1', ai_difficulty: 'expert', score: 2n ** 64n + 1n, opponent_score: 0n },
      { id: 'x-huge-2', ai_difficulty: 'expert', score: 2n ** 64n + 2n, opponent_score: 0n },
    ];
    const copy = [...rows];
    expect(sortAiHighScores(rows).map((r) => r.id)).toEqual(['x-huge-2', 'x-huge-1', 'x', 'h-big', 'h-small', 'm', 'e', 'u']);
    expect(rows).toEqual(copy);
  });

  it('keeps the server order for equal keys', () => {
    const rows = [
      { id: 'a', ai_difficulty: 'hard', score: 10n, opponent_score: 5n },
      { id: 'b', ai_difficulty: 'hard', score: 6n, opponent_score: 1n },
    ];
    expect(sortAiHighScores(rows).map((r) => r.id)).toEqual(['a', 'b']);
  });
});

describe('toGameResultEntry', () => {
  const names = new Map([
    [A, 'alice'],
    [B, 'bob'],
  ]);

  it('puts the winner first whichever side they played', () => {
    expect(toGameResultEntry(record(), names)).toMatchObject({
      winnerName: 'alice',
      loserName: 'bob',
      winnerScore: 12n,
      loserScore: 8n,
      isDraw: false,
    });
    expect(toGameResultEntry(record({ winner_id: B, player1_score: 3n, player2_score: 9n }), names)).toMatchObject({
      winnerName: 'bob',
      loserName: 'alice',
      winnerScore: 9n,
      loserScore: 3n,
    });
  });

  it("shows 'Unknown' for names not found, marks draws and strips the cell- prefix", () => {
    const entry = toGameResultEntry(record({ player2_id: C, winner_id: null, scoring_mechanism: 'cell-expansion' }), names);
    expect(entry).toMatchObject({ winnerName: 'alice', loserName: 'Unknown', isDraw: true, scoringMechanism: 'expansion' });
    expect(stripCellPrefix('extension')).toBe('extension');
  });
});
