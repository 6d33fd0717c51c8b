import { describe, expect, it } from 'vitest';
import { ratingPoints } from '../../services/profile';
import type { GameResultRecord } from '../../services/leaderboard';
import { ratingAxis, ratingChartOption, ratingSummary, ratingTooltip } from './ratingOption';

const ME = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

function result(at: string, mine: [number, number], asPlayer: 1 | 2): GameResultRecord {
  const theirs: [number, number] = [1200, 1200];
  const [p1, p2] = asPlayer === 1 ? [mine, theirs] : [theirs, mine];
  return {
    id: at, player1_id: asPlayer === 1 ? ME : BOB, player2_id: asPlayer === 1 ? BOB : ME, player1_score: 1n, player2_score: 0n,
    winner_id: null, scoring_mechanism: 'connection', board_size: 6, created_at: at,
    player1_elo_before: p1[0], player1_elo_after: p1[1], player2_elo_before: p2[0], player2_elo_after: p2[1],
  };
}

describe('the rating graph', () => {
  // Newest first, as the data API answers.
  const records = [result('2026-11-03', [1235, 1220], 1), result('2026-11-02', [1220, 1235], 2), result('2026-11-01', [1200, 1220], 1)];

  it("follows the player's own side of each game, oldest first, from the rating before the first", () => {
    expect(ratingPoints(records, ME).map((p) => p.rating)).toEqual([1200, 1220, 1235, 1220]);
    expect(ratingPoints([], ME)).toEqual([]);
  });

  it('says where the rating went for a screen reader, and what each point is', () => {
    const points = ratingPoints(records, ME);
    expect(ratingSummary(points)).toBe('ELO rating over the last 3 rated games: from 1200 to 1220');
    expect(ratingSummary(points.slice(0, 2))).toBe('ELO rating over the last 1 rated game: from 1200 to 1220');
    expect(ratingTooltip(points, 0)).toContain('Before the first game');
    expect(ratingTooltip(points, 2)).toContain('After game 2');
    expect(ratingTooltip(points, 2)).toContain('<b>1235</b>');
  });

  it('frames the ratings in steps of 50 with room around them, and draws one point per game', () => {
    expect(ratingAxis([1200, 1235, 1220])).toEqual({ min: 1150, max: 1250 });
    const option = ratingChartOption(ratingPoints(records, ME), { line: '#0a0', text: '#333', grid: '#ccc' });
    const series = option.series as { data: number[][] }[];
    expect(series[0]!.data).toEqual([[0, 1200], [1, 1220], [2, 1235], [3, 1220]]);
  });
});
