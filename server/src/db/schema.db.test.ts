/**
 * The migrations on both real databases: the schema, the profile trigger,
 * row-level security enforced by Postgres itself, and the leaderboard functions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from './database';
import { migrate } from './migrate';
import { TEST_DATABASES, type TestDatabase } from './databases.testkit';

/** Runs `work` as a client would: under the role, with the JWT claims set. */
function asClient<T>(db: Database, sub: string | null, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true)`, [sub ? 'authenticated' : 'anon']);
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(sub ? { sub, role: 'authenticated' } : { role: 'anon' })]);
    return work(tx);
  });
}

describe.each(TEST_DATABASES)('the schema on %s', (_name, open) => {
  let test: TestDatabase;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    test = await open();
    const add = async (email: string, meta: object) =>
      (await test.db.query<{ id: string }>(
        `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`,
        [email, JSON.stringify(meta)],
      ))[0]!.id;
    alice = await add('alice@example.com', { username: 'Alice' });
    bob = await add('bob.smith@example.com', {});
  }, 30_000);
  afterAll(async () => test?.stop());

  it('runs each migration once', async () => {
    expect(await migrate(test.db)).toEqual([]);
  });

  it('gives every new user a profile, named by the e-mail local part without a username', async () => {
    const rows = await test.db.query<{ username: string; elo_rating: number }>(
      'select username, elo_rating from public.profiles where id in ($1, $2) order by username',
      [alice, bob],
    );
    expect(rows).toEqual([
      { username: 'Alice', elo_rating: 1200 },
      { username: 'bob.smith', elo_rating: 1200 },
    ]);
  });

  it("names a new profile by the sign-up's username only when it is 1 to 20 visible characters, NFKC", async () => {
    const nameOf = async (email: string, username: string) => {
      const { id } = (await test.db.query<{ id: string }>(
        `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`,
        [email, JSON.stringify({ username })],
      ))[0]!;
      return (await test.db.query<{ username: string }>('select username from public.profiles where id = $1', [id]))[0]!.username;
    };
    expect(await nameOf('wide@example.com', '  Ｗｉｄｅ  ')).toBe('Wide');
    expect(await nameOf('a-very-long-local-part-indeed@example.com', 'x'.repeat(21))).toBe('a-very-long-local-pa');
    expect(await nameOf('hidden@example.com', 'Al\u200bice')).toBe('hidden');
    expect(await nameOf('bell@example.com', 'bell\u0007')).toBe('bell');
  });

  it('lets a signed-in player insert only their own scores', async () => {
    const insert = (tx: Queryable, userId: string) =>
      tx.query(
        `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, ai_difficulty, game_id, record)
         values ($1, 'x', 12, 10, 6, 'connection', 'ai', 'hard', $2, $2) returning score`,
        [userId, `game-${Math.random().toString(36).slice(2)}`],
      );
    expect(await asClient(test.db, alice, (tx) => insert(tx, alice))).toEqual([{ score: '12' }]);
    await expect(asClient(test.db, alice, (tx) => insert(tx, bob))).rejects.toThrow(/row-level security/);
    await expect(asClient(test.db, null, (tx) => insert(tx, alice))).rejects.toThrow(/permission denied/);
  });

  it('lets anyone read scores and names but no client write results or ratings', async () => {
    // Verified scores only (a pending one is read by its player alone): marked as the score verifier would.
    expect(await asClient(test.db, null, (tx) => tx.query('select score from public.game_scores'))).toEqual([]);
    await test.db.query(`update public.game_scores set status = 'verified'`);
    const scores = await asClient(test.db, null, (tx) => tx.query('select score from public.game_scores'));
    expect(scores.length).toBeGreaterThan(0);
    await expect(
      asClient(test.db, alice, (tx) => tx.query('update public.profiles set elo_rating = 3000 where id = $1', [alice])),
    ).rejects.toThrow(/permission denied/);
    await expect(
      asClient(test.db, alice, (tx) =>
        tx.query(
          `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, scoring_mechanism, board_size,
             player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after)
           values ($1, $2, 1, 0, 'connection', 6, 1200, 1220, 1200, 1180)`,
          [alice, bob],
        ),
      ),
    ).rejects.toThrow(/permission denied/);
  });

  it('ranks rated players by ELO with their win rate', async () => {
    await test.db.query('update public.profiles set games_played = 4, games_won = 3, elo_rating = 1260 where id = $1', [bob]);
    await test.db.query('update public.profiles set games_played = 2, games_won = 0, elo_rating = 1180 where id = $1', [alice]);
    const rows = await asClient(test.db, null, (tx) => tx.query('select * from public.get_elo_leaderboard(50)'));
    expect(rows.map((r) => [Number(r.rank), r.username, r.elo_rating, Number(r.win_rate), r.games_played])).toEqual([
      [1, 'bob.smith', 1260, 75, 4],
      [2, 'Alice', 1180, 0, 2],
    ]);
  });

  it('uses FIDE K-factors: 40 for the first 30 games, 20 after, 10 from 2400', async () => {
    const k = async (games: number, rating: number) =>
      (await test.db.query<{ k: number }>('select public.elo_k_factor($1, $2) as k', [games, rating]))[0]!.k;
    expect([await k(0, 1200), await k(29, 1200), await k(30, 1200), await k(30, 2400)]).toEqual([40, 40, 20, 10]);
    const after = (await test.db.query<{ r: number }>('select public.elo_after(1200, 1200, 1, 40) as r'))[0]!.r;
    expect(after).toBe(1220);
  });
});
