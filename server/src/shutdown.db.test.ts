/**
 * SIGTERM to the real server, as `npm start` runs it, in a process of its own: a rolling restart
 * waits 15 s. With the database healthy, what was acknowledged is in the log and the process
 * exits 0. With the database frozen (a transaction holding the rooms' log, so that no command can
 * be written; on PGlite, whose one session it holds, nothing can), the process still exits within
 * 15 s, non-zero, with one line saying how many commands were not written, and its clients are
 * told 'server:restarting'. On the embedded database (DATA_DIR) and on PostgreSQL (DATABASE_URL).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_ERRORS } from '../../src/protocol';
import type { Database } from './db/database';
import { openDatabase } from './db/open';
import { freePort } from './db/postgres-cluster';
import { postgresForTests, type TestDatabase } from './db/databases.testkit';
import { call, connectClient, record, startGame } from './rooms/tests/rooms.testkit';
import { startServerProcess, stopServerProcess, type RunningServer } from './server-process.testkit';

const SECRET = 'the shutdown test secret, long enough for HS256';
/** What a rolling restart waits for before it kills the process. */
const STOP_WITHIN_MS = 15_000;
const NOT_WRITTEN = /shutting down with (\d+) command\(s\) not written/;


/** Where the server's database is: its settings, a connection as its owner, and how to read it after the server is gone. */
interface Where {
  env: Record<string, string>;
  /** A connection to the server's database as its owner (the embedded one only while the server runs). */
  connect(): Promise<pg.Client>;
  /** The database, opened by the test, to read what the server left. */
  open(): Promise<Database>;
  close(): Promise<void>;
}

/** The embedded database in DATA_DIR, found by its socket there. */
function embedded(): Where {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-shutdown-'));
  return {
    env: { DATA_DIR: dataDir },
    async connect() {
      const socket = findSocket(dataDir);
      if (!socket) throw new Error(`no database socket in ${dataDir}`);
      const client = new pg.Client({ host: socket.dir, port: socket.port, user: 'postgres', database: 'postgres' });
      await client.connect();
      return client;
    },
    async open() {
      return (await openDatabase({ DATA_DIR: dataDir }, { attempts: 3, log: () => undefined })).db;
    },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function findSocket(dir: string, depth = 3): { dir: string; port: number } | undefined {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const port = /^\.s\.PGSQL\.(\d+)$/.exec(entry.name)?.[1];
    if (port && entry.isSocket()) return { dir, port: Number(port) };
    if (entry.isDirectory() && depth > 0) {
      const found = findSocket(join(dir, entry.name), depth - 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** A PostgreSQL database of its own (DATABASE_URL). */
async function postgres(): Promise<Where> {
  const test: TestDatabase = await postgresForTests();
  const url = (test.db.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  return {
    env: { DATABASE_URL: url, PGRST_DB_URI: test.restUrl },
    async connect() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    },
    open: async () => ({ ...test.db, close: async () => undefined }),
    close: () => test.stop(),
  };
}

/** Two players in a started game on the server at `url`: the host moves first. */
async function startedGame(url: string, sockets: Socket[]): Promise<{ host: Socket; guest: Socket; code: string }> {
  const host = await connectClient(url);
  const guest = await connectClient(url);
  sockets.push(host, guest);
  return { host, guest, code: await startGame(host, guest) };
}

/** SIGTERM; resolves with the exit code and how long it took. */
async function terminate(server: RunningServer): Promise<{ code: number | null; ms: number }> {
  const from = Date.now();
  const code = await stopServerProcess(server, 'SIGTERM');
  return { code, ms: Date.now() - from };
}

/** The moves of the room with this code in the log. */
async function loggedMoves(db: Database, code: string): Promise<{ row: number; col: number }[]> {
  const rows = await db.query<{ command: { row: number; col: number } }>(
    `select l.command from game_server.room_log l
     where l.command->>'type' = 'move' and l.room_id = (select c.command->>'roomId' from game_server.room_log c where c.command->>'code' = $1 limit 1)
     order by l.seq`,
    [code],
  );
  return rows.map((r) => ({ row: r.command.row, col: r.command.col }));
}

describe.each([
  ['the embedded database', async () => embedded()],
  ['PostgreSQL', postgres],
] as const)('SIGTERM on %s', (_, place) => {
  let where: Where;
  let port: number;
  const running: RunningServer[] = [];
  const sockets: Socket[] = [];
  beforeAll(async () => {
    where = await place();
    port = await freePort();
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const server of running) await stopServerProcess(server, 'SIGKILL').catch(() => undefined);
    await where?.close();
  });
  const start = async () => {
    const server = await startServerProcess(port, { ...where.env, JWT_SECRET: SECRET });
    running.push(server);
    return server;
  };

  it('with the database healthy: exits 0, and every acknowledged move is in the log', { timeout: 240_000 }, async () => {
    const server = await start();
    const game = await startedGame(server.url, sockets);
    const told = [record(game.host, 'server:restarting'), record(game.guest, 'server:restarting')];
    const acknowledged: { row: number; col: number }[] = [];
    for (const [i, move] of [{ row: 0, col: 0 }, { row: 1, col: 1 }, { row: 2, col: 2 }].entries()) {
      expect(await call(i % 2 ? game.guest : game.host, 'game:move', move)).toMatchObject({ success: true });
      acknowledged.push(move);
    }
    // One more, in flight when the signal comes: acknowledged (and then written) or refused, never lost.
    const last = { row: 3, col: 3 };
    const inFlight = call(game.guest, 'game:move', last).catch(() => ({ success: false }));
    const { code, ms } = await terminate(server);
    expect(code, server.output()).toBe(0);
    expect(ms).toBeLessThan(STOP_WITHIN_MS);
    expect(server.output()).not.toMatch(NOT_WRITTEN);
    if ((await inFlight).success) acknowledged.push(last);
    await vi.waitFor(() => expect(told.map((t) => t.length)).toEqual([1, 1]));

    const db = await where.open();
    try {
      expect((await loggedMoves(db, game.code)).slice(0, acknowledged.length)).toEqual(acknowledged);
    } finally {
      await db.close();
    }
  });

  it('with the database frozen: exits within 15 s, non-zero, with one line, and its clients are told', { timeout: 240_000 }, async () => {
    const server = await start();
    const game = await startedGame(server.url, sockets);
    const told = [record(game.host, 'server:restarting'), record(game.guest, 'server:restarting')];
    expect(await call(game.host, 'game:move', { row: 0, col: 0 })).toMatchObject({ success: true });

    const freezer = await where.connect();
    freezer.on('error', () => undefined); // the embedded database goes with the server
    try {
      await freezer.query('begin');
      await freezer.query('lock table game_server.room_log in share mode');
      // The guest's move is accepted and cannot be written; the guest's next one is answered at
      // once from the room in memory (the turn has passed), which shows the first was taken.
      const frozen = call(game.guest, 'game:move', { row: 1, col: 1 }).catch((error: Error) => ({ success: false, error: error.message }));
      expect(await call(game.guest, 'game:move', { row: 2, col: 2 })).toEqual({ success: false, error: SERVER_ERRORS.notYourTurn });

      const { code, ms } = await terminate(server);
      expect(code, server.output()).not.toBe(0);
      expect(code).not.toBeNull();
      expect(ms).toBeLessThan(STOP_WITHIN_MS);
      const lines = server.output().split('\n').filter((line) => NOT_WRITTEN.test(line));
      expect(lines, server.output()).toHaveLength(1);
      expect(Number(NOT_WRITTEN.exec(lines[0]!)![1])).toBeGreaterThanOrEqual(1);
      await vi.waitFor(() => expect(told.map((t) => t.length)).toEqual([1, 1]));
      // Never acknowledged.
      expect(await frozen).toMatchObject({ success: false });
    } finally {
      await freezer.query('rollback').catch(() => undefined);
      await freezer.end().catch(() => undefined);
    }
    // What was acknowledged is there (the database may still have taken the move it did not
    // confirm, once the lock was gone: never acknowledged, so either way nobody was misled).
    const db = await where.open();
    try {
      expect((await loggedMoves(db, game.code)).slice(0, 1)).toEqual([{ row: 0, col: 0 }]);
    } finally {
      await db.close();
    }
  });
});
