/**
 * The shared set-up of the /rest/v1 tests: the real server (PostgREST behind the HTTP edge) on a
 * test database with users, scores and results seeded as the database owner, and supabase-js
 * clients. Call `restFixture(open)` inside a describe; its fields are filled before the tests run.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll } from 'vitest';
import type { Keys } from '../auth/keys';
import type { TestDatabase } from '../db/databases.testkit';
import type { BackendOptions } from '../backend';
import { startTestBackend, supabaseClient, type TestBackend } from '../backend.testkit';

let games = 0;
/**
 * A score as the client submits it; each call names a new game, with a record of its own (its
 * text only: the verifier rejects it, which tests about anything else need not wait for).
 */
export const score = (userId: string, extra: Record<string, unknown> = {}) => ({
  user_id: userId,
  username: 'Alice',
  score: 30,
  opponent_score: 20,
  board_size: 6,
  scoring_mechanism: 'connection',
  game_duration: 95,
  opponent_type: 'ai',
  ai_difficulty: 'hard',
  game_id: `game-${Date.now()}-${games}`,
  record: `CC1 6x6 connection: * (no game: test score ${Date.now()}-${games++})`,
  ai_seed: 1,
  ...extra,
});

export interface RestFixture {
  test: TestDatabase;
  server: TestBackend;
  url: string;
  keys: Keys;
  alice: string;
  bob: string;
  carol: string;
  aliceToken: string;
  anon: SupabaseClient;
  asAlice: SupabaseClient;
  /** A signed-in client for a user added for one test (each player may submit a few scores a minute). */
  newPlayer(name: string): Promise<{ id: string; token: string; client: SupabaseClient }>;
  /** Rows of `select count(*) from <sql>`. */
  count(sql: string, params?: unknown[]): Promise<number>;
  /** Raw HTTP with the anon key (and a Bearer token when given). */
  raw(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
}

/** `backend`: options of the server under test (e.g. its score verifier's). */
export function restFixture(open: () => Promise<TestDatabase>, backend: Partial<BackendOptions> = {}): RestFixture {
  const f = {} as RestFixture;
  const addUser = async (email: string, username: string) =>
    (await f.test.db.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`,
      [email, JSON.stringify({ username })],
    ))[0]!.id;
  f.count = async (sql, params = []) => (await f.test.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;
  f.raw = (path, init = {}) =>
    fetch(`${f.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: f.keys.anonKey, Authorization: `Bearer ${init.token ?? f.keys.anonKey}`, ...(init.headers as Record<string, string>) },
    });
  f.newPlayer = async (name) => {
    const id = await addUser(`${name.toLowerCase()}-${Date.now()}-${games++}@example.com`, name);
    const token = (await f.keys.accessToken({ id, email: `${name}@example.com` })).token;
    return { id, token, client: supabaseClient(f.server, token) };
  };

  beforeAll(async () => {
    f.test = await open();
    f.alice = await addUser('alice@example.com', 'Alice');
    f.bob = await addUser('bob@example.com', 'Bob');
    f.carol = await addUser('carol@example.com', 'Carol');
    // Seeded as the database owner, as the game server would (the checks apply to it too).
    const seed = [
      [f.alice, 40, 10, 6, 'connection', 'easy'],
      [f.alice, 25, 20, 6, 'connection', 'hard'],
      [f.bob, 35, 30, 6, 'connection', 'hard'],
      [f.bob, 50, 45, 6, 'connection', 'medium'],
      [f.bob, 60, 10, 8, 'connection', 'hard'],
      [f.carol, 70, 10, 6, 'expansion', 'hard'],
    ] as const;
    for (const [user, points, opponent, size, mechanism, level] of seed) {
      await f.test.db.query(
        `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, ai_difficulty, game_id, record, ai_seed)
         values ($1, '', $2, $3, $4, $5, 'ai', $6, $7, $8, 1)`,
        [user, points, opponent, size, mechanism, level, `seed-${points}`, `CC1 ${size}x${size} ${mechanism}: seeded ${points}`],
      );
    }
    await f.test.db.query(
      `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, game_id, record)
       values ($1, '', 9, 1, 6, 'connection', 'human', 'seed-human', 'CC1 6x6 connection: seeded human')`,
      [f.carol],
    );
    // These tests are about reading and writing scores, not about checking them: the seeded rows
    // are verified as the database owner (the rows a client inserts stay pending, then rejected).
    await f.test.db.query("update public.game_scores set status = 'verified', checked_at = now() where game_id like 'seed-%'");
    for (const [p1, p2, winner, minutesAgo] of [
      [f.alice, f.bob, f.alice, 30],
      [f.bob, f.alice, f.bob, 20],
      [f.alice, f.bob, f.alice, 10],
    ] as const) {
      await f.test.db.query(
        `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism, board_size,
           created_at, player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after)
         values ($1, $2, 10, 5, $3, 'connection', 6, now() - make_interval(mins => $4), 1200, 1220, 1200, 1180)`,
        [p1, p2, winner, minutesAgo],
      );
    }
    await f.test.db.query('update public.profiles set elo_rating = 1240, games_played = 3, games_won = 2 where id = $1', [f.alice]);
    await f.test.db.query('update public.profiles set elo_rating = 1160, games_played = 3, games_won = 1 where id = $1', [f.bob]);

    f.server = await startTestBackend(f.test, backend);
    f.url = f.server.url;
    f.keys = f.server.keys;
    f.aliceToken = (await f.keys.accessToken({ id: f.alice, email: 'alice@example.com' })).token;
    f.anon = supabaseClient(f.server);
    f.asAlice = supabaseClient(f.server, f.aliceToken);
  });

  afterAll(async () => {
    await f.server?.stop().catch(() => undefined);
    await f.test?.stop().catch(() => undefined);
  });
  return f;
}
