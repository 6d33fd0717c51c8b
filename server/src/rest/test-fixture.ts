/**
 * The shared set-up of the /rest/v1 tests: a migrated database with three users, seeded
 * scores and results, the handler on a loopback port, and supabase-js clients. Call
 * `restFixture(open)` inside a describe; its fields are filled before the tests run.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import { createKeys, type Keys } from '../auth/keys';
import type { TestDatabase } from '../db/testing';
import { createRestApi } from './api';

const SECRET = 'rest-api-test-secret-with-enough-length';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function client(url: string, anonKey: string, token?: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
}

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
  ...extra,
});


export interface RestFixture {
  test: TestDatabase;
  url: string;
  keys: Keys;
  alice: string;
  bob: string;
  aliceToken: string;
  anon: SupabaseClient;
  asAlice: SupabaseClient;
  /** Rows of `select count(*) from <sql>`. */
  count(sql: string, params?: unknown[]): Promise<number>;
  /** Raw HTTP with the anon key (and a Bearer token when given). */
  raw(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
}

export function restFixture(open: () => Promise<TestDatabase>): RestFixture {
  const f = {} as RestFixture;
  let server: Server;
  f.count = async (sql, params = []) =>
    (await f.test.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;
  f.raw = (path, init = {}) =>
    fetch(`${f.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: f.keys.anonKey, Authorization: `Bearer ${init.token ?? f.keys.anonKey}`, ...(init.headers as Record<string, string>) },
    });
  beforeAll(async () => {
    f.test = await open();
    f.keys = await createKeys(SECRET);
    const add = async (email: string, username: string) =>
      (await f.test.db.query<{ id: string }>(
        `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`,
        [email, JSON.stringify({ username })],
      ))[0]!.id;
    f.alice = await add('alice@example.com', 'Alice');
    f.bob = await add('bob@example.com', 'Bob');
    await add('carol@example.com', 'Carol');
    // Seeded as the database owner, as the game server would.
    const seed = [
      [f.alice, 'Alice', 40, 10, 6, 'connection', 'easy'],
      [f.alice, 'Alice', 25, 20, 6, 'connection', 'hard'],
      [f.bob, 'Bob', 35, 30, 6, 'connection', 'hard'],
      [f.bob, 'Bob', 50, 45, 6, 'connection', 'medium'],
      [f.bob, 'Bob', 60, 10, 8, 'connection', 'hard'],
      [f.bob, 'Bob', 70, 10, 6, 'expansion', 'hard'],
    ] as const;
    for (const [user, name, points, opponent, size, mechanism, level] of seed) {
      await f.test.db.query(
        `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, ai_difficulty)
         values ($1, $2, $3, $4, $5, $6, 'ai', $7)`,
        [user, name, points, opponent, size, mechanism, level],
      );
    }
    await f.test.db.query(
      `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type)
       values ($1, 'Bob', 99, 1, 6, 'connection', 'human')`,
      [f.bob],
    );
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

    const api = await createRestApi({ db: f.test.db, keys: f.keys });
    server = createServer((req, res) => {
      void api(req, res).then((answered) => {
        if (!answered) res.writeHead(404).end();
      });
    });
    f.url = await listen(server);
    f.aliceToken = (await f.keys.accessToken({ id: f.alice, email: 'alice@example.com' })).token;
    f.anon = client(f.url, f.keys.anonKey);
    f.asAlice = client(f.url, f.keys.anonKey, f.aliceToken);
  }, 60_000);

  afterAll(async () => {
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await f.test?.stop();
  });
  return f;
}
