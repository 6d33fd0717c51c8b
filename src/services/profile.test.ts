import { describe, expect, it } from 'vitest';
import type { GameResultRecord } from './leaderboard';
import {
  competitiveStats,
  eloChangeFor,
  isUserId,
  outcomeFor,
  toHistoryEntry,
  replayableRecord,
  winRatePercent,
  type Profile,
} from './profile';

const ME = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BOB = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const GONE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

function record(overrides: Partial<GameResultRecord> = {}): GameResultRecord {
  return {
    id: '7',
    player1_id: ME,
    player2_id: BOB,
    player1_score: 12n,
    player2_score: 8n,
    winner_id: ME,
    scoring_mechanism: 'cell-connection',
    board_size: 8,
    created_at: '2026-11-22T10:00:00Z',
    player1_elo_before: 1200,
    player1_elo_after: 1220,
    player2_elo_before: 1210,
    player2_elo_after: 1190,
    ...overrides,
  };
}

const profileRow = {
  id: ME,
  username: 'me',
  created_at: '2026-01-05T12:00:00Z',
  elo_rating: 1220,
  games_played: 3,
  games_won: 2,
};

describe('pure helpers', () => {
  it('rounds the win rate and gives 0 with no games', () => {
    expect(winRatePercent(2, 3)).toBe(67);
    expect(winRatePercent(1, 3)).toBe(33);
    expect(winRatePercent(0, 0)).toBe(0);
    expect(winRatePercent(5, 5)).toBe(100);
  });

  it("computes the ELO change from the user's side", () => {
    expect(eloChangeFor(record(), ME)).toBe(20);
    expect(eloChangeFor(record({ player1_id: BOB, player2_id: ME }), ME)).toBe(-20);
    expect(eloChangeFor(record(), GONE)).toBe(0);
  });

  it('names the outcome', () => {
    expect(outcomeFor(record(), ME)).toBe('Won');
    expect(outcomeFor(record({ winner_id: BOB }), ME)).toBe('Lost');
    expect(outcomeFor(record({ winner_id: null }), ME)).toBe('Draw');
  });

  it("sees a game from the user's side with 'Unknown Player' for a missing name", () => {
    const asPlayer2 = record({ player1_id: GONE, player2_id: ME, winner_id: GONE, player1_elo_after: 1230 });
    expect(toHistoryEntry(asPlayer2, ME, new Map())).toEqual({
      id: '7',
      outcome: 'Lost',
      myScore: 8n,
      opponentScore: 12n,
      opponentName: 'Unknown Player',
      scoringMechanism: 'connection',
      boardSize: 8,
      eloChange: -20,
      createdAt: '2026-11-22T10:00:00Z',
      record: null,
    });
    expect(toHistoryEntry(record(), ME, new Map([[BOB, 'bob']])).opponentName).toBe('bob');
  });

  it('keeps a stored record only when the replay can open it', () => {
    expect(replayableRecord('CC1 6x6 connection: a1 b1 *')).toBe('CC1 6x6 connection: a1 b1 *');
    expect(replayableRecord('CC1 6x6 connection: z9 *')).toBeNull();
    expect(replayableRecord(null)).toBeNull();
    expect(replayableRecord(42)).toBeNull();
  });

  it('prefers the stats function over the profile row', () => {
    const profile: Profile = { ...profileRow };
    expect(competitiveStats(profile, null)).toEqual({ eloRating: 1220, gamesPlayed: 3, gamesWon: 2, winRate: 67 });
    expect(
      competitiveStats(profile, { elo_rating: 1300, games_played: 4, games_won: 1, win_rate: 25, best_ai_score: null, ai_games: 0 }),
    ).toEqual({ eloRating: 1300, gamesPlayed: 4, gamesWon: 1, winRate: 25 });
  });

  it('accepts only UUIDs as user ids', () => {
    expect(isUserId(ME)).toBe(true);
    expect(isUserId(`${ME},player2_id.neq.x`)).toBe(false);
    expect(isUserId('')).toBe(false);
  });
});
