/**
 * /rest/v1 on both real databases, through supabase-js (the real client) and raw HTTP,
 * against a node:http server on a loopback port running the handler.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeys, type Keys } from '../auth/keys';
import { TEST_DATABASES, type TestDatabase } from '../db/testing';
import { createRestApi } from './api';

const SECRET = 'rest-api-test-secret-with-enough-length';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function client(url: string, anonKey: string, token?: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
}

const score = (userId: string, extra: Record<string, unknown> = {}) => ({
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

describe.each(TEST_DATABASES)('/rest/v1 on %s', (_name, open) => {
  let test: TestDatabase;
  let server: Server;
  let url: string;
  let keys: Keys;
  let alice: string;
  let bob: string;
  let aliceToken: string;
  let anon: SupabaseClient;
  let asAlice: SupabaseClient;

  const count = async (sql: string, params: unknown[] = []) =>
    (await test.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

  /** Raw HTTP with the anon key (and a Bearer token when given). */
  const raw = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: keys.anonKey, Authorization: `Bearer ${init.token ?? keys.anonKey}`, ...(init.headers as Record<string, string>) },
    });

  beforeAll(async () => {
    test = await open();
    keys = await createKeys(SECRET);
    const add = async (email: string, username: string) =>
      (await test.db.query<{ id: string }>(
        `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`,
        [email, JSON.stringify({ username })],
      ))[0]!.id;
    alice = await add('alice@example.com', 'Alice');
    bob = await add('bob@example.com', 'Bob');
    await add('carol@example.com', 'Carol');
    // Seeded as the database owner, as the game server would.
    const seed = [
      [alice, 'Alice', 40, 10, 6, 'connection', 'easy'],
      [alice, 'Alice', 25, 20, 6, 'connection', 'hard'],
      [bob, 'Bob', 35, 30, 6, 'connection', 'hard'],
      [bob, 'Bob', 50, 45, 6, 'connection', 'medium'],
      [bob, 'Bob', 60, 10, 8, 'connection', 'hard'],
      [bob, 'Bob', 70, 10, 6, 'expansion', 'hard'],
    ] as const;
    for (const [user, name, points, opponent, size, mechanism, level] of seed) {
      await test.db.query(
        `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, ai_difficulty)
         values ($1, $2, $3, $4, $5, $6, 'ai', $7)`,
        [user, name, points, opponent, size, mechanism, level],
      );
    }
    await test.db.query(
      `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type)
       values ($1, 'Bob', 99, 1, 6, 'connection', 'human')`,
      [bob],
    );
    for (const [p1, p2, winner, minutesAgo] of [
      [alice, bob, alice, 30],
      [bob, alice, bob, 20],
      [alice, bob, alice, 10],
    ] as const) {
      await test.db.query(
        `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism, board_size,
           created_at, player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after)
         values ($1, $2, 10, 5, $3, 'connection', 6, now() - make_interval(mins => $4), 1200, 1220, 1200, 1180)`,
        [p1, p2, winner, minutesAgo],
      );
    }
    await test.db.query('update public.profiles set elo_rating = 1240, games_played = 3, games_won = 2 where id = $1', [alice]);
    await test.db.query('update public.profiles set elo_rating = 1160, games_played = 3, games_won = 1 where id = $1', [bob]);

    const api = await createRestApi({ db: test.db, keys });
    server = createServer((req, res) => {
      void api(req, res).then((answered) => {
        if (!answered) res.writeHead(404).end();
      });
    });
    url = await listen(server);
    aliceToken = (await keys.accessToken({ id: alice, email: 'alice@example.com' })).token;
    anon = client(url, keys.anonKey);
    asAlice = client(url, keys.anonKey, aliceToken);
  }, 60_000);

  afterAll(async () => {
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await test?.stop();
  });

  describe('inserts', () => {
    it("inserts the signed-in player's own score and returns the row", async () => {
      const { data, error, status } = await asAlice.from('game_scores').insert(score(alice, { score: 33 })).select().single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toMatchObject({ ...score(alice, { score: 33 }), id: expect.any(Number), created_at: expect.any(String) });
      expect(await count('public.game_scores where user_id = $1 and score = 33', [alice])).toBe(1);
    });

    it('inserts without returning when no representation is asked for', async () => {
      const res = await raw('game_scores', { method: 'POST', token: aliceToken, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([score(alice, { score: 34 }), score(alice, { score: 35 })]) });
      expect([res.status, await res.text()]).toEqual([201, '']);
      expect(await count('public.game_scores where user_id = $1 and score in (34, 35)', [alice])).toBe(2);
    });

    it("refuses a score for another user and writes nothing", async () => {
      const before = await count('public.game_scores');
      const { data, error, status } = await asAlice.from('game_scores').insert(score(bob, { score: 77 })).select().single();
      expect(data).toBeNull();
      expect(status).toBe(403);
      expect(error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "game_scores"' });
      expect(await count('public.game_scores')).toBe(before);
    });

    it('refuses an anonymous insert', async () => {
      const before = await count('public.game_scores');
      const { error, status } = await anon.from('game_scores').insert(score(alice));
      expect(status).toBe(401);
      expect(error).toMatchObject({ code: '42501', message: 'permission denied for table game_scores' });
      expect(await count('public.game_scores')).toBe(before);
    });

    it('refuses writes nobody may make from a client: results', async () => {
      const { error, status } = await asAlice.from('game_results').insert({ player1_id: alice, player2_id: bob, player1_score: 1, player2_score: 0, scoring_mechanism: 'connection', board_size: 6, player1_elo_before: 1, player1_elo_after: 2, player2_elo_before: 1, player2_elo_after: 0 });
      expect(status).toBe(403);
      expect(error?.message).toBe('permission denied for table game_results');
    });

    it("reports the database's own checks and bad values", async () => {
      const check = await asAlice.from('game_scores').insert(score(alice, { board_size: 7 }));
      expect(check.status).toBe(400);
      expect(check.error).toMatchObject({ code: '23514' });
      const badValue = await asAlice.from('game_scores').insert(score(alice, { score: 'many' }));
      expect(badValue.status).toBe(400);
      expect(badValue.error).toMatchObject({ code: '22P02' });
      const unknown = await asAlice.from('game_scores').insert(score(alice, { cheat: true }));
      expect(unknown.status).toBe(400);
      expect(unknown.error?.message).toBe("Could not find the 'cheat' column of 'game_scores' in the schema cache");
    });

    it('undoes an insert whose .single() answer would not be one row', async () => {
      const before = await count('public.game_scores');
      const { error, status } = await asAlice.from('game_scores').insert([score(alice, { score: 81 }), score(alice, { score: 82 })]).select().single();
      expect(status).toBe(406);
      expect(error?.code).toBe('PGRST116');
      expect(await count('public.game_scores')).toBe(before);
    });
  });

  describe('reads', () => {
    it('answers the AI high-score query of SPEC §7', async () => {
      const { data, error } = await anon
        .from('game_scores')
        .select('*')
        .eq('opponent_type', 'ai')
        .eq('scoring_mechanism', 'connection')
        .eq('board_size', 6)
        .order('ai_difficulty', { ascending: false })
        .order('score', { ascending: false })
        .limit(50);
      expect(error).toBeNull();
      const rows = data as { ai_difficulty: string; score: number; opponent_type: string; board_size: number }[];
      expect(rows.length).toBeGreaterThanOrEqual(4);
      expect(rows.every((row) => row.opponent_type === 'ai' && row.board_size === 6)).toBe(true);
      const sorted = [...rows].sort((a, b) => b.ai_difficulty.localeCompare(a.ai_difficulty, 'en', { sensitivity: 'variant' }) || b.score - a.score);
      expect(rows.map((row) => [row.ai_difficulty, row.score])).toEqual(sorted.map((row) => [row.ai_difficulty, row.score]));
      expect(rows[0]).toMatchObject({ ai_difficulty: 'medium', score: 50 });
      const limited = await anon.from('game_scores').select('score').eq('opponent_type', 'ai').order('score', { ascending: false }).limit(2);
      expect(limited.data).toEqual([{ score: 70 }, { score: 60 }]);
    });

    it("reads a user's results with an or filter, newest first", async () => {
      const { data, error } = await anon
        .from('game_results')
        .select('*')
        .or(`player1_id.eq.${bob},player2_id.eq.${bob}`)
        .order('created_at', { ascending: false })
        .limit(20);
      expect(error).toBeNull();
      const rows = data as { player1_id: string; winner_id: string; created_at: string }[];
      expect(rows.map((row) => row.winner_id)).toEqual([alice, bob, alice]);
      const times = rows.map((row) => Date.parse(row.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const filtered = await anon.from('game_results').select('id').eq('scoring_mechanism', 'connection').eq('board_size', 8).limit(50);
      expect(filtered.data).toEqual([]);
    });

    it('reads one profile by id, and profiles by an in list', async () => {
      const one = await anon.from('profiles').select('id, username').eq('id', alice).single();
      expect(one.error).toBeNull();
      expect(one.data).toEqual({ id: alice, username: 'Alice' });
      const many = await anon.from('profiles').select('id, username').in('id', [alice, bob]).order('username');
      expect(many.data).toEqual([
        { id: alice, username: 'Alice' },
        { id: bob, username: 'Bob' },
      ]);
      const none = await anon.from('profiles').select('id').in('id', []);
      expect(none.data).toEqual([]);
    });

    it('answers .single() with no row as 406 and .maybeSingle() as null', async () => {
      const missing = '00000000-0000-0000-0000-000000000000';
      const single = await anon.from('profiles').select('id').eq('id', missing).single();
      expect(single.status).toBe(406);
      expect(single.error).toMatchObject({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' });
      const maybe = await anon.from('profiles').select('id').eq('id', missing).maybeSingle();
      expect([maybe.data, maybe.error]).toEqual([null, null]);
    });

    it('counts exactly, with aliases, offsets and negations', async () => {
      const counted = await anon.from('game_scores').select('*', { count: 'exact', head: true }).eq('user_id', bob);
      expect(counted.count).toBe(await count('public.game_scores where user_id = $1', [bob]));
      const page = await anon.from('game_scores').select('points:score').eq('user_id', bob).order('score').range(1, 2);
      expect(page.data).toEqual([{ points: 50 }, { points: 60 }]);
      const humans = await anon.from('game_scores').select('score').not('ai_difficulty', 'is', null).eq('opponent_type', 'human');
      expect(humans.data).toEqual([]);
    });
  });

  describe('rpc', () => {
    it('ranks the ELO leaderboard', async () => {
      const { data, error } = await anon.rpc('get_elo_leaderboard', { limit_rows: 50 });
      expect(error).toBeNull();
      expect(data).toEqual([
        { rank: 1, user_id: alice, username: 'Alice', elo_rating: 1240, win_rate: 66.7, games_played: 3 },
        { rank: 2, user_id: bob, username: 'Bob', elo_rating: 1160, win_rate: 33.3, games_played: 3 },
      ]);
      const top = await anon.rpc('get_elo_leaderboard', { limit_rows: 1 });
      expect(top.data).toHaveLength(1);
      const byGet = await anon.rpc('get_elo_leaderboard', { limit_rows: 5 }, { get: true }).eq('username', 'Bob');
      expect(byGet.data).toMatchObject([{ rank: 2, username: 'Bob' }]);
    });

    it("reads a user's stats and game history", async () => {
      const stats = await asAlice.rpc('get_user_stats', { user_id: bob });
      expect(stats.error).toBeNull();
      expect(stats.data).toEqual([{ elo_rating: 1160, games_played: 3, games_won: 1, win_rate: 33.3, best_ai_score: 99, ai_games: 5 }]);
      const history = await asAlice.rpc('get_user_game_history', { user_id: alice, limit_rows: 2 });
      expect(history.error).toBeNull();
      expect((history.data as { winner_id: string }[]).map((row) => row.winner_id)).toEqual([alice, bob]);
      const single = await asAlice.rpc('get_user_stats', { user_id: alice }).single();
      expect(single.data).toMatchObject({ elo_rating: 1240 });
    });

    it('names an unknown function or argument', async () => {
      const unknown = await anon.rpc('drop_everything', {});
      expect(unknown.status).toBe(404);
      expect(unknown.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.drop_everything without parameters in the schema cache' });
      const badArg = await anon.rpc('get_user_stats', { who: alice });
      expect(badArg.status).toBe(404);
      expect(badArg.error?.message).toBe('Could not find the function public.get_user_stats(who) in the schema cache');
      const hidden = await anon.rpc('elo_after', { rating: 1, opponent: 1, score: 1, k: 1 });
      expect(hidden.error?.code).toBe('PGRST202');
      const badValue = await anon.rpc('get_user_stats', { user_id: 'not-a-uuid' });
      expect([badValue.status, badValue.error?.code]).toEqual([400, '22P02']);
    });
  });

  describe('bad input and attacks', () => {
    const attack = "x'; drop table public.game_scores; --";

    it('treats a SQL-looking filter value as a string that matches nothing and changes nothing', async () => {
      const before = await count('public.game_scores');
      const eq = await anon.from('game_scores').select('*').eq('username', attack);
      expect([eq.data, eq.error]).toEqual([[], null]);
      const inList = await anon.from('profiles').select('id').in('username', [attack, "Robert'); drop table profiles;--", 'a,b']);
      expect([inList.data, inList.error]).toEqual([[], null]);
      // supabase-js does not escape a double quote inside a quoted list item: the list no longer parses.
      const broken = await anon.from('profiles').select('id').in('username', ['Robert"); drop table profiles;--']);
      expect([broken.status, broken.error?.code]).toEqual([400, 'PGRST100']);
      const or = await anon.from('game_scores').select('id').or(`username.eq."${attack}",username.eq."') or 1=1 --"`);
      expect([or.data, or.error]).toEqual([[], null]);
      const res = await raw(`game_scores?username=eq.${encodeURIComponent(attack)}&score=gt.0`);
      expect([res.status, await res.json()]).toEqual([200, []]);
      expect(await count('public.game_scores')).toBe(before);
    });

    it('refuses SQL in identifiers as unknown names', async () => {
      for (const path of ['game_scores?select=id;drop table profiles', 'game_scores?order=score;drop table profiles', 'game_scores?"score"=eq.1']) {
        const res = await raw(path);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe('42703');
      }
      const table = await raw(`${encodeURIComponent('profiles; drop table profiles')}`);
      expect(table.status).toBe(404);
      expect(await count('public.profiles')).toBe(3);
    });

    it('names an unknown table, column or operator', async () => {
      const table = await anon.from('users').select('*');
      expect(table.status).toBe(404);
      expect(table.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.users' in the schema cache" });
      const column = await anon.from('profiles').select('id, password');
      expect(column.status).toBe(400);
      expect(column.error).toMatchObject({ code: '42703', message: 'column profiles.password does not exist' });
      const filter = await anon.from('profiles').select('id').eq('email', 'a@b.c');
      expect(filter.error?.message).toBe('column profiles.email does not exist');
      const order = await anon.from('profiles').select('id').order('secret');
      expect(order.error?.message).toBe('column profiles.secret does not exist');
      const res = await raw('profiles?username=regex.a');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'PGRST100', details: 'unknown operator "regex"', hint: null, message: 'failed to parse filter (username=regex.a)' });
    });

    it('refuses forged, expired and malformed tokens', async () => {
      const forger = await createKeys('another-secret-entirely-not-the-servers');
      const forged = (await forger.accessToken({ id: bob, email: 'bob@example.com' })).token;
      const viaClient = await client(url, keys.anonKey, forged).from('game_scores').insert(score(bob)).select().single();
      expect(viaClient.status).toBe(401);
      expect(viaClient.error).toMatchObject({ code: 'PGRST301', message: 'JWT invalid' });

      const expired = (await keys.accessToken({ id: alice, email: 'alice@example.com' }, new Date(Date.now() - 2 * 3600_000))).token;
      const late = await client(url, keys.anonKey, expired).from('profiles').select('id');
      expect(late.status).toBe(401);
      expect(late.error).toMatchObject({ code: 'PGRST301', message: 'JWT expired' });

      const garbage = await raw('profiles', { token: 'not.a.jwt' });
      expect(garbage.status).toBe(401);
      expect(((await garbage.json()) as { message: string }).message).toBe('JWT invalid');
      const basic = await raw('profiles', { headers: { Authorization: 'Basic YWxpY2U6eA==' } });
      expect(basic.status).toBe(401);
    });

    it('refuses a missing or forged API key', async () => {
      const forger = await createKeys('another-secret-entirely-not-the-servers');
      const { error, status } = await client(url, forger.anonKey).from('profiles').select('id');
      expect(status).toBe(401);
      expect(error?.message).toBe('Invalid API key');
      const missing = await fetch(`${url}/rest/v1/profiles`);
      expect(missing.status).toBe(401);
      expect(((await missing.json()) as { message: string }).message).toBe('No API key found in request');
    });

    it('refuses an oversized body with 413 and bad JSON with 400, writing nothing', async () => {
      const before = await count('public.game_scores');
      const big = JSON.stringify([score(alice, { username: 'x'.repeat(50) })].concat(Array.from({ length: 6000 }, () => score(alice, { username: 'y'.repeat(50) }))));
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const res = await raw('game_scores', { method: 'POST', token: aliceToken, headers: { 'Content-Type': 'application/json' }, body: big });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { code: string }).code).toBe('PGRST413');
      const viaClient = await asAlice.from('game_scores').insert(JSON.parse(big) as object[]);
      expect([viaClient.status, viaClient.error?.message]).toEqual([413, 'Payload Too Large']);
      const bad = await raw('game_scores', { method: 'POST', token: aliceToken, headers: { 'Content-Type': 'application/json' }, body: '{"score": ' });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toBe('Empty or invalid json');
      expect(await count('public.game_scores')).toBe(before);
    });

    it('refuses methods, paths and schemas it does not serve', async () => {
      expect((await raw('profiles', { method: 'DELETE' })).status).toBe(405);
      expect((await raw('a/b/c')).status).toBe(404);
      expect((await raw('profiles', { headers: { 'Accept-Profile': 'auth' } })).status).toBe(406);
      expect((await raw('profiles', { headers: { Accept: 'text/csv' } })).status).toBe(406);
    });
  });

  it('answers CORS preflights for any origin', async () => {
    const res = await fetch(`${url}/rest/v1/game_scores`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, authorization, content-type, prefer' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const name of ['authorization', 'apikey', 'content-type', 'prefer', 'accept', 'x-client-info', 'x-supabase-api-version', 'range']) {
      expect(allowed).toContain(name);
    }
    const get = await raw('profiles?select=id');
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(get.headers.get('content-range')).toBe('0-2/*');
  });

  it('leaves other paths to the next handler', async () => {
    expect((await fetch(`${url}/rest/v10/profiles`)).status).toBe(404);
    expect((await fetch(`${url}/auth/v1/user`)).status).toBe(404);
  });
});
