/**
 * The profile's reads (src/services/profile.ts) against the real PostgREST on both databases:
 * a rated game's record opens its replay from Recent Games, a game kept before records says it
 * has none, the rating graph follows the ratings stored with each result, and the database keeps
 * anything but a record out of the column.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseRecord } from '../src/game/record';
import { fetchGameHistory, fetchProfile, fetchRatingHistory, fetchUserStats, loadProfileData } from '../src/services/profile';
import { TEST_DATABASES } from '../server/src/db/databases.testkit';
import { restFixture } from '../server/src/postgrest/rest.testkit';

const RECORD = 'CC1 6x6 connection nomirror: a1 b1 a2 b2 a3 b3 1-0';

describe.each(TEST_DATABASES)("the profile's reads through PostgREST on %s", (_name, open) => {
  const fixture = restFixture(open);

  beforeAll(async () => {
    // Bob's newest game, kept with its moves: he was Player 2 and lost 15 points.
    await fixture.test.db.query(
      `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism, board_size,
         player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after, mirror_rule, record)
       values ($1, $2, 27, 8, $1, 'connection', 6, 1240, 1255, 1160, 1145, true, $3)`,
      [fixture.alice, fixture.bob, RECORD],
    );
  });

  it('gives Recent Games the record of a game that kept one, and none for older games', async () => {
    const history = await fetchGameHistory(fixture.anon, fixture.bob);
    expect(history).toHaveLength(4);
    expect(history[0]).toMatchObject({ outcome: 'Lost', opponentName: 'Alice', eloChange: -15, record: RECORD });
    expect(parseRecord(history[0]!.record!).ok).toBe(true);
    expect(history.slice(1).map((game) => game.record)).toEqual([null, null, null]);
  });

  it("draws the rating graph from the player's side of each result, oldest first", async () => {
    const points = await fetchRatingHistory(fixture.anon, fixture.bob);
    // The seeded games: Bob was Player 2 (1200 → 1180), Player 1 (1200 → 1220), Player 2 (→ 1180); then 1160 → 1145.
    expect(points.map((p) => p.rating)).toEqual([1200, 1180, 1220, 1180, 1145]);
    const times = points.map((p) => Date.parse(p.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("reads a player's profile row and stats, and gives null for an account without one", async () => {
    expect(await fetchProfile(fixture.anon, fixture.alice)).toMatchObject({ id: fixture.alice, username: 'Alice', elo_rating: 1240, games_played: 3, games_won: 2 });
    expect(await fetchProfile(fixture.anon, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await fetchUserStats(fixture.anon, fixture.bob)).toEqual({
      elo_rating: 1160, games_played: 3, games_won: 1, win_rate: 33.3, best_ai_score: 60n, ai_games: 3,
    });
  });

  it('loads the whole page: cards, recent games and the graph; a forged id is refused before any request', async () => {
    const data = await loadProfileData(fixture.anon, fixture.alice);
    expect(data.stats).toEqual({ eloRating: 1240, gamesPlayed: 3, gamesWon: 2, winRate: 67 });
    expect(data.history.map((game) => game.outcome)).toEqual(['Won', 'Won', 'Lost', 'Won']);
    expect(data.ratings).toHaveLength(5);
    await expect(fetchGameHistory(fixture.anon, `${fixture.alice},player1_id.neq.x`)).rejects.toThrow('Invalid user id');
    await expect(loadProfileData(fixture.anon, '00000000-0000-4000-8000-000000000000')).rejects.toThrow('Profile not found');
  });

  it('keeps anything but a game record out of the record column', async () => {
    await expect(
      fixture.test.db.query(`update public.game_results set record = 'not a record' where player1_id = $1`, [fixture.alice]),
    ).rejects.toThrow(/game_results_record_shape/);
    await expect(
      fixture.test.db.query(`update public.game_results set record = $2 where player1_id = $1`, [fixture.alice, `CC1 ${'a'.repeat(2000)}`]),
    ).rejects.toThrow(/game_results_record_shape/);
  });
});
