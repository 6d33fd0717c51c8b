/**
 * The leaderboard's reads (src/services/leaderboard.ts) and the page's loader against the real
 * PostgREST on both databases, through supabase-js: what a player sees in each tab is what the
 * database holds, in the spec's order (SPEC §2, §7), with every digit of a large score.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchAiHighScores, fetchEloLeaderboard, fetchGameResults, fetchPlayerNames } from '../src/services/leaderboard';
import { loadLeaderboardView } from '../src/ui/leaderboard/LeaderboardPage';
import { TEST_DATABASES } from '../server/src/db/databases.testkit';
import { restFixture, score } from '../server/src/postgrest/rest.testkit';
import { supabaseClient } from '../server/src/backend.testkit';

const BIG = 2n ** 70n;

describe.each(TEST_DATABASES)('the leaderboard through PostgREST on %s', (_name, open) => {
  const fixture = restFixture(open);

  beforeAll(async () => {
    const { db } = fixture.test;
    // A 16×16 expansion score past 2^64, verified; and a game result stored with the mode's old 'cell-' name.
    await db.query(
      `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, ai_difficulty, game_id, record, ai_seed, status, checked_at)
       values ($1, '', $2, 5, 16, 'expansion', 'ai', 'expert', 'seed-big', 'CC1 16x16 expansion: seeded big', 1, 'pending', null)`,
      [fixture.carol, BIG.toString()],
    );
    // Verified as the database owner, as the server's replay would.
    await db.query("update public.game_scores set status = 'verified', checked_at = now() where game_id = 'seed-big'");
    await db.query(
      `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism, board_size,
         player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after)
       values ($1, $2, 3, 9, $2, 'cell-connection', 8, 1200, 1185, 1200, 1215)`,
      [fixture.bob, fixture.carol],
    );
    // A score Alice submits now stays pending until the server replays it: nobody sees it yet.
    const pending = await fixture.asAlice.from('game_scores').insert(score(fixture.alice, { score: 99, ai_difficulty: 'expert' }));
    expect(pending.error).toBeNull();
  });

  it('ranks players by rating with their win rate and games, only those who have played', async () => {
    const rows = await fetchEloLeaderboard(fixture.anon);
    expect(rows.map(({ rank, username, elo_rating, win_rate, games_played }) => [rank, username, elo_rating, win_rate, games_played])).toEqual([
      [1, 'Alice', 1240, 66.7, 3],
      [2, 'Bob', 1160, 33.3, 3],
    ]);
  });

  it('lists game results newest first with both names, filtered by mode (either spelling) and size', async () => {
    const all = await fetchGameResults(fixture.anon);
    expect(all).toHaveLength(4);
    const eight = await fetchGameResults(fixture.anon, { scoringMechanism: 'connection', boardSize: 8 });
    expect(eight).toHaveLength(1);
    expect(eight[0]).toMatchObject({ winnerName: 'Carol', loserName: 'Bob', scoringMechanism: 'connection', boardSize: 8 });
    expect(await fetchGameResults(fixture.anon, { scoringMechanism: 'expansion' })).toEqual([]);
  });

  it('names players by id, and asks nothing for no ids', async () => {
    const names = await fetchPlayerNames(fixture.anon, [fixture.alice, fixture.bob, fixture.alice]);
    expect([...names.entries()].sort()).toEqual([[fixture.alice, 'Alice'], [fixture.bob, 'Bob']].sort());
    expect((await fetchPlayerNames(fixture.anon, [])).size).toBe(0);
  });

  it('shows verified AI games only, harder levels first, then larger margins, and every digit', async () => {
    const six = await fetchAiHighScores(fixture.anon, { scoringMechanism: 'connection', boardSize: 6 });
    expect(six.map((row) => [row.username, row.ai_difficulty, row.score, row.opponent_score])).toEqual([
      ['Bob', 'hard', 35n, 30n],
      ['Alice', 'hard', 25n, 20n],
      ['Bob', 'medium', 50n, 45n],
      ['Alice', 'easy', 40n, 10n],
    ]);
    const big = await fetchAiHighScores(fixture.anon, { scoringMechanism: 'expansion', boardSize: 16 });
    expect(big.map((row) => [row.username, row.score])).toEqual([['Carol', BIG]]);
  });

  it("loads each of the page's tabs", async () => {
    const results = await loadLeaderboardView(fixture.anon, 'results', { boardSize: 8 });
    expect(results).toMatchObject({ tab: 'results', results: [{ winnerName: 'Carol' }] });
    const rankings = await loadLeaderboardView(fixture.anon, 'rankings', {});
    expect(rankings.tab === 'rankings' && rankings.rows.map((r) => r.username)).toEqual(['Alice', 'Bob']);
    const scores = await loadLeaderboardView(fixture.anon, 'scores', { boardSize: 8 });
    expect(scores.tab === 'scores' && scores.rows.map((r) => [r.username, r.score])).toEqual([['Bob', 60n]]);
  });

  it('says what failed when the data API cannot be reached; the results tab shows none instead', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unreachable = supabaseClient({ url: 'http://127.0.0.1:9', keys: fixture.keys });
    await expect(fetchEloLeaderboard(unreachable)).rejects.toThrow(/fetch failed/);
    await expect(fetchAiHighScores(unreachable)).rejects.toThrow(/fetch failed/);
    expect(await fetchGameResults(unreachable)).toEqual([]);
    vi.restoreAllMocks();
  });
});
