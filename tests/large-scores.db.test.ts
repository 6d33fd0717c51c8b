/**
 * Large boards' scores read through the real PostgREST on both real databases, by the page's own
 * data calls (src/services) with supabase-js: every digit arrives (numeric cast to text, parsed to
 * bigint), and the lists sort as numbers, not as text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchAiHighScores, fetchGameResults } from '../src/services/leaderboard';
import { fetchGameHistory, fetchUserStats } from '../src/services/profile';
import { TEST_DATABASES } from '../server/src/db/databases.testkit';
import { restFixture } from '../server/src/postgrest/rest.testkit';

const TOP = 2n ** 96n; // a full 16×16 expansion board of 2×2 squares
const SCORES = [9n, 10n, 2n ** 64n, 2n ** 64n + 1n, TOP];

describe.each(TEST_DATABASES)('large scores through PostgREST on %s', (_name, open) => {
  const fixture = restFixture(open);
  let topPlayer: string;

  beforeAll(async () => {
    const { test, alice, bob } = fixture;
    // Verified 16×16 expansion high scores, one player each (a player submits a few a minute).
    for (const [i, score] of SCORES.entries()) {
      const { id } = await fixture.newPlayer(`Big${i}`);
      if (score === TOP) topPlayer = id;
      await test.db.query(
        `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, ai_difficulty, game_id, record, ai_seed)
         values ($1, '', $2, 0, 16, 'expansion', 'ai', 'expert', $3, $4, 1)`,
        [id, score.toString(), `big-${i}`, `CC1 16x16 expansion: big ${i}`],
      );
    }
    await test.db.query("update public.game_scores set status = 'verified' where game_id like 'big-%'");
    await test.db.query(
      `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism, board_size,
         player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after)
       values ($1, $2, $3, $4, $1, 'connection', 16, 1240, 1250, 1160, 1150)`,
      [alice, bob, (TOP - 1n).toString(), (2n ** 64n).toString()],
    );
  });

  it('sorts High Scores as numbers and hands every digit over as text', async () => {
    const reply = await fixture.raw('game_scores?select=score::text&board_size=eq.16&order=score.desc');
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual(SCORES.toReversed().map((score) => ({ score: score.toString() })));
    // Without the cast the data API answers a JSON number, which a browser rounds past 2^53.
    const plain = await fixture.raw('game_scores?select=score&game_id=eq.big-3');
    expect(await plain.text()).toBe('[{"score":18446744073709551617}]');
    expect(JSON.parse('18446744073709551617')).toBe(18446744073709551616);
  });

  it("gives the page's High Scores, Game Results and profile their exact bigints", async () => {
    const high = await fetchAiHighScores(fixture.anon, { boardSize: 16, scoringMechanism: 'expansion' });
    expect(high.map((row) => row.score)).toEqual(SCORES.toReversed());
    expect(high[0]).toMatchObject({ score: TOP, opponent_score: 0n, ai_difficulty: 'expert' });

    const results = await fetchGameResults(fixture.anon, { boardSize: 16 });
    expect(results).toEqual([expect.objectContaining({ winnerName: 'Alice', loserName: 'Bob', winnerScore: TOP - 1n, loserScore: 2n ** 64n, boardSize: 16 })]);

    const history = await fetchGameHistory(fixture.asAlice, fixture.alice);
    expect(history[0]).toMatchObject({ outcome: 'Won', myScore: TOP - 1n, opponentScore: 2n ** 64n, boardSize: 16 });

    const stats = await fetchUserStats(fixture.anon, topPlayer);
    expect(stats?.best_ai_score).toBe(TOP);
  });
});
