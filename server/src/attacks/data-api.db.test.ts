/**
 * Attacks on the data API (/rest/v1) over real HTTP, on both databases: the JSON path that froze
 * the embedded database, other pathological queries and malformed encodings (400 at the edge, in
 * PostgREST's shape), floods from one address (429 with Retry-After, counted by every node
 * together), one address holding PostgREST's connections, and a database that dies under a read.
 */
import { connect } from 'node:net';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../../src/engine/load';
import { migrate } from '../db/migrate';
import { connectPool } from '../db/pool';
import { startPostgresCluster } from '../db/postgres-cluster';
import { TEST_DATABASES, type TestDatabase } from '../db/databases.testkit';
import type { RestLimits } from '../http/rest-limits';
import { call, columnsPlan, connectClient, startGame } from '../rooms/tests/rooms.testkit';
import { startTestBackend, type TestBackend } from '../backend.testkit';

/** Tight enough to reach in a test; each test speaks from addresses of its own. */
const LIMITS: RestLimits = { requests: { points: 20, seconds: 60 }, inFlight: 1, waiting: 1, syncEveryMs: 50 };

interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

async function read(server: TestBackend, path: string, from: string): Promise<Reply> {
  // A bounded wait: a frozen database must fail the test, not hang it.
  const response = await fetch(`${server.url}/rest/v1/${path}`, { headers: { apikey: server.keys.anonKey, 'X-Forwarded-For': from }, signal: AbortSignal.timeout(20_000) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a plain-text answer stays text
  }
  return { status: response.status, headers: response.headers, body };
}

describe.each(TEST_DATABASES)('attacks on the data API on %s', (_name, open) => {
  let test: TestDatabase;
  let server: TestBackend;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    test = await open();
    server = await startTestBackend(test, { restLimits: LIMITS, engine: await loadEngine(), games: { countdownTickMs: 5 } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.stop().catch(() => undefined);
    await test?.stop().catch(() => undefined);
  });

  it('refuses the 300-step JSON path that froze the embedded database, and goes on answering, a game in progress going on', async () => {
    const host = await connectClient(server.url);
    const guest = await connectClient(server.url);
    sockets.push(host, guest);
    await startGame(host, guest);
    const moves = columnsPlan();
    expect(await call(host, 'game:move', moves[0])).toMatchObject({ success: true });
    const frozeIt = await read(server, `profiles?select=username${'->a'.repeat(300)}`, '198.51.100.1');
    expect(frozeIt.status).toBe(400);
    expect(frozeIt.body).toEqual({ code: 'PGRST100', message: 'JSON path too deep: at most 8 steps (-> or ->>) in one parameter', details: 'In the parameter "select".', hint: null });
    // What never came back after it: any statement that raises an error.
    const sqlError = await read(server, 'profiles?id=eq.not-a-uuid', '198.51.100.1');
    expect(sqlError).toMatchObject({ status: 400, body: { code: '22P02' } });
    expect(await read(server, 'profiles?select=username&limit=1', '198.51.100.1')).toMatchObject({ status: 200, body: [] });
    // The game goes on: its next moves are written and acknowledged.
    expect(await call(guest, 'game:move', moves[1])).toMatchObject({ success: true });
    expect(await call(host, 'game:move', moves[2])).toMatchObject({ success: true });
  });

  it('refuses deep paths in filters and order, deep embedding and logic trees, not chains and huge query strings with 400', async () => {
    const path = `username${'->a'.repeat(40)}`;
    const expected: [string, string][] = [
      [`profiles?${path}=eq.1`, 'JSON path too deep: at most 8 steps (-> or ->>) in one parameter'],
      [`profiles?order=${path}.desc`, 'JSON path too deep: at most 8 steps (-> or ->>) in one parameter'],
      [`profiles?select=${'a('.repeat(40)}id${')'.repeat(40)}`, 'Too many embedded resources: at most 8 in select'],
      [`profiles?or=(${'and(or('.repeat(40)}id.eq.1${'))'.repeat(40)})`, 'Logic tree too large: at most 16 groups of or/and/in'],
      ['profiles?username=not.not.eq.x', 'Too many not. in a row: at most 1'],
      [`profiles?username=in.(${'x,'.repeat(5000)}x)`, 'Query string too long: at most 8192 bytes'],
    ];
    for (const [query, message] of expected) {
      const reply = await read(server, query, '198.51.100.2');
      expect(reply.status, query.slice(0, 40)).toBe(400);
      expect(reply.body).toMatchObject({ code: 'PGRST100', message });
    }
  });

  it('answers a lone surrogate and other malformed percent-encodings with 400, not 500', async () => {
    for (const query of ['profiles?username=eq.%ED%A0%80', 'profiles?usern%ED%A0%80ame=eq.x', 'profiles?username=eq.%ED', 'profiles?username=eq.%zz']) {
      const reply = await read(server, query, '198.51.100.3');
      expect(reply.status, query).toBe(400);
      expect(reply.body).toEqual({ code: 'PGRST100', message: 'Malformed percent-encoding in the query string: %XX escapes must spell UTF-8 text', details: expect.any(String), hint: null });
    }
  });

  it('answers a flood from one address with 429 and Retry-After, and other addresses go on reading', async () => {
    for (let i = 0; i < LIMITS.requests.points; i++) expect((await read(server, 'profiles?select=id&limit=1', '198.51.100.4')).status).toBe(200);
    const flooded = await read(server, 'profiles?select=id&limit=1', '198.51.100.4');
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(flooded.body).toEqual({ code: 'CC429', message: 'Too many requests from your network. Try again shortly.', details: 'At most 20 requests in 60 s from one address.', hint: null });
    expect((await read(server, 'profiles?select=id&limit=1', '198.51.100.5')).status).toBe(200);
  });

  it('gets one request answered at a time and one waiting: more are refused, and other addresses are served meanwhile', async () => {
    const from = '198.51.100.7';
    // A request that holds its turn as a costly read would: its body never ends.
    const holder = connect(Number(new URL(server.url).port), '127.0.0.1');
    holder.on('error', () => undefined);
    holder.write(
      `POST /rest/v1/game_scores HTTP/1.1\r\nHost: x\r\napikey: ${server.keys.anonKey}\r\nX-Forwarded-For: ${from}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"score":',
    );
    await expect.poll(() => server.backend.restLimiter.load(from)).toEqual({ running: 1, waiting: 0 });
    const waiting = read(server, 'profiles?select=id&limit=1', from);
    await expect.poll(() => server.backend.restLimiter.load(from)).toEqual({ running: 1, waiting: 1 });
    const refused = await read(server, 'profiles?select=id&limit=1', from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual({
      code: 'CC429',
      message: 'Too many requests at once from your network. Try again shortly.',
      details: 'At most 1 requests answered and 1 waiting at once for one address.',
      hint: null,
    });
    // Someone else's leaderboard read does not wait for them.
    expect((await read(server, 'game_scores?select=id&limit=1', '198.51.100.8')).status).toBe(200);
    // The holder gives up: the waiting read gets its turn.
    holder.destroy();
    expect((await waiting).status).toBe(200);
    await expect.poll(() => server.backend.restLimiter.load(from)).toEqual({ running: 0, waiting: 0 });
  });

  it('counts an address on every node together: what it used on one node is refused on the other', async () => {
    const other = await startTestBackend(test, { restLimits: LIMITS });
    try {
      const from = '198.51.100.6';
      for (let i = 0; i < LIMITS.requests.points; i++) expect((await read(server, 'profiles?select=id&limit=1', from)).status).toBe(200);
      // The first node has written what it counted to the shared store.
      await expect.poll(async () => (await test.db.query<{ points: number }>(`select points from local_auth.rate_limits where key = $1`, [`rest:${from}`]))[0]?.points, { timeout: 10_000 }).toBe(LIMITS.requests.points);
      let onOther = 0;
      await expect
        .poll(
          async () => {
            onOther++;
            return (await read(other, 'profiles?select=id&limit=1', from)).status;
          },
          { timeout: 10_000, interval: 100 },
        )
        .toBe(429);
      // Refused long before the second node alone would have counted 20.
      expect(onOther).toBeLessThan(LIMITS.requests.points / 2);
    } finally {
      await other.stop();
    }
  });
});

describe('a database that dies under a read', () => {
  it('answers the read in flight, and those after, with 503 and Retry-After, naming no path', async () => {
    const cluster = await startPostgresCluster();
    const db = await connectPool(cluster.url('postgres'), { kind: 'postgres', description: 'PostgreSQL that dies' });
    let server: TestBackend | undefined;
    // Holds a lock the read waits behind; its connection dies with the database.
    const locker = new pg.Client({ connectionString: cluster.url('postgres') });
    locker.on('error', () => undefined);
    try {
      await migrate(db);
      // The read must still be running when the database dies, however long the machine takes to stop it.
      await db.exec('alter role anon set statement_timeout = 0');
      // PostgREST reaches it by its unix socket, as the embedded database is reached: failures name that path.
      const socketDir = (await db.query<{ unix_socket_directories: string }>('show unix_socket_directories'))[0]!.unix_socket_directories;
      const restUrl = `postgresql://authenticator@/postgres?host=${encodeURIComponent(socketDir)}&port=${cluster.port}`;
      server = await startTestBackend({ db, restUrl, stop: async () => undefined });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table public.profiles in access exclusive mode');
      const inFlight = read(server, 'profiles?select=id', '203.0.113.30');
      // PostgREST's read (it connects as authenticator) waits behind the lock; on a busy machine its
      // schema-cache query may wait there too, so at least one.
      const waiting = `select count(*)::int as n from pg_stat_activity where usename = 'authenticator' and wait_event_type = 'Lock'`;
      await expect.poll(async () => (await db.query<{ n: number }>(waiting))[0]!.n, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      // Every process of it killed at once: a fast shutdown would end the lock's session first,
      // and the read could finish in the moment before its own session ends.
      await cluster.crash();
      const replies = [await inFlight, await read(server, 'profiles?select=id', '203.0.113.31')];
      for (const reply of replies) {
        expect(reply.status).toBe(503);
        expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(reply.body).toMatchObject({ message: 'The database is unavailable. Try again shortly.', details: null, hint: null });
        expect(JSON.stringify(reply.body)).not.toContain(socketDir);
        expect(JSON.stringify(reply.body)).not.toContain('.s.PGSQL');
      }
    } finally {
      await server?.stop().catch(() => undefined);
      await locker.end().catch(() => undefined);
      await db.close().catch(() => undefined);
      await cluster.stop();
    }
  });
});
