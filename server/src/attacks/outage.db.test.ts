/**
 * The database as an operator meets it: unreachable at start (one line naming what was tried,
 * then exit 1), down while running (503 with Retry-After, never a 500), killed while running
 * (started again on its data, nothing committed lost), and durable on disk (fsync on: a commit
 * waits for the disk). The embedded database as PostgreSQL (the default) and as PGlite.
 */
import { spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openEmbedded, type EmbeddedKind } from '../db/embedded';
import { migrate } from '../db/migrate';
import { startPglite } from '../db/pglite';
import { connectPool } from '../db/pool';
import { freePort, startPostgresCluster } from '../db/postgres-cluster';
import { processTree } from '../db/process-tree';
import { startTestBackend, TEST_SECRET } from '../backend.testkit';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs the real server (as `npm start` does) and resolves with its exit code and output. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/src/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, JWT_SECRET: TEST_SECRET, PORT: '0', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('a database that cannot be reached at start', () => {
  it('prints one line per attempt naming DATABASE_URL (without its password), then exits 1', async () => {
    const port = await freePort();
    const { code, output } = await runServer({ DATABASE_URL: `postgresql://player:hunter2@127.0.0.1:${port}/game`, DATABASE_CONNECT_ATTEMPTS: '2' });
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^database: cannot open PostgreSQL at postgresql:\/\/player:\*\*\*@127\.0\.0\.1:\d+\/game \(DATABASE_URL\): /);
    expect(lines[0]).toContain('retrying in');
    expect(lines[1]).toContain('gave up after 2 attempts');
    expect(output).not.toContain('hunter2');
    expect(output).not.toMatch(/^\s+at /m);
  });

  it('names the data folder when the embedded database cannot start there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-bad-data-'));
    const notAFolder = join(dir, 'file');
    writeFileSync(notAFolder, 'not a folder');
    try {
      const { code, output } = await runServer({ DATA_DIR: notAFolder, DATABASE_CONNECT_ATTEMPTS: '1' });
      expect(code).toBe(1);
      expect(output.trim().split('\n')).toHaveLength(1);
      expect(output).toContain(`embedded PostgreSQL in ${join(notAFolder, 'postgres')} (DATA_DIR)`);
      expect(output).not.toMatch(/^\s+at /m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a database that goes down while the server runs', () => {
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  let server: Awaited<ReturnType<typeof startTestBackend>>;
  let stopped = false;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const db = await connectPool(cluster.url('postgres'), { kind: 'postgres', description: 'PostgreSQL that goes down' });
    await migrate(db);
    server = await startTestBackend({ db, restUrl: cluster.url('authenticator'), stop: () => db.close() });
  });
  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    if (!stopped) await cluster?.stop().catch(() => undefined);
  });

  it('answers auth and data requests with 503 and Retry-After, not 500', async () => {
    const headers = { apikey: server.keys.anonKey, 'Content-Type': 'application/json' };
    const signUp = () => fetch(`${server.url}/auth/v1/signup`, { method: 'POST', headers, body: JSON.stringify({ email: 'down@example.com', password: 'secret1' }) });
    expect((await signUp()).status).toBe(200);
    await cluster.stop();
    stopped = true;
    const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers, body: JSON.stringify({ email: 'down@example.com', password: 'secret1' }) });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get('retry-after')).toBe('5');
    expect(await signIn.json()).toEqual({ code: 503, error_code: 'database_unavailable', msg: 'The database is unavailable. Try again shortly.' });
    const read = await fetch(`${server.url}/rest/v1/profiles?select=username`, { headers });
    expect(read.status).toBe(503);
    expect(Number(read.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

const EMBEDDED: [string, EmbeddedKind][] = [
  ['PostgreSQL', 'postgres'],
  ['PGlite', 'pglite'],
];

/** Whether the kernel schedules by session (autogroup): each process then has /proc/PID/autogroup. */
const hasAutogroup = existsSync('/proc/self/autogroup');

/** The nice value of the process's scheduling group ("/autogroup-123 nice 19"), or null without autogroup. */
function autogroupNice(pid: number): number | null {
  if (!hasAutogroup) return null;
  return Number(/nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))?.[1]);
}

/** PostgREST's sessions in the embedded PostgreSQL (it connects as authenticator); none in PGlite's one process. */
async function dataApiSessions(db: Database, kind: EmbeddedKind): Promise<number[]> {
  if (kind !== 'postgres') return [];
  return (await db.query<{ pid: number }>(`select pid from pg_stat_activity where usename = 'authenticator' and backend_type = 'client backend'`)).map((row) => row.pid);
}

/** Each live session's [process nice, group nice]; PostgREST may close an idle one meanwhile. */
function priorities(pids: number[]): (number | null)[][] {
  const seen: (number | null)[][] = [];
  for (const pid of pids) {
    try {
      seen.push([getPriority(pid), autogroupNice(pid)]);
    } catch {
      // gone since it was listed
    }
  }
  return seen;
}

describe.each(EMBEDDED)('leaderboard reads against games (embedded %s)', (_name, kind) => {
  it('run in other processes than the game server, at lower priorities, so a flood of reads waits for the moves', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-apart-'));
    const { db, restUrl, server: database } = await openEmbedded(kind, dataDir, () => undefined);
    try {
      const server = await startTestBackend({ db, restUrl, stop: async () => undefined });
      try {
        const postgrest = server.backend.postgrest.pid()!;
        // Every process of the database: PostgreSQL's postmaster and its backends, or PGlite's one.
        const databases = processTree(database.pid()!);
        expect([...databases, postgrest]).not.toContain(process.pid);
        // PostgREST at the lowest priority; the database, which every move now waits for, at 10,
        // but for the sessions PostgREST opened in PostgreSQL (each in a scheduling group of its
        // own, where the kernel groups by session): those at 19, group and process alike.
        expect(getPriority(postgrest)).toBe(19);
        const lowered = [19, hasAutogroup ? 19 : null];
        await expect
          .poll(async () => {
            const seen = priorities(await dataApiSessions(db, kind));
            return kind === 'pglite' || (seen.length > 0 && seen.every((pair) => pair[0] === lowered[0] && pair[1] === lowered[1]));
          }, { timeout: 10_000 })
          .toBe(true);
        const dataApi = await dataApiSessions(db, kind);
        for (const pid of databases) if (!dataApi.includes(pid) && existsSync(`/proc/${pid}`)) expect(priorities([pid]).every(([nice]) => nice === 10)).toBe(true);
        expect(getPriority(process.pid)).toBeLessThan(10);
      } finally {
        await server.stop();
      }
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(EMBEDDED)('the embedded %s killed while the server runs', (_name, kind) => {
  it('is restarted, the server answering 503 until it is back, and keeps what was committed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-killed-'));
    const lines: string[] = [];
    const { db, restUrl, server: database } = await openEmbedded(kind, dataDir, (line) => lines.push(line));
    try {
      const server = await startTestBackend({ db, restUrl, stop: async () => undefined });
      try {
        const headers = { apikey: server.keys.anonKey, 'Content-Type': 'application/json' };
        const signUp = (email: string) => fetch(`${server.url}/auth/v1/signup`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'secret1' }) });
        expect((await signUp('before@example.com')).status).toBe(200);
        const pid = database.pid()!;
        process.kill(pid, 'SIGKILL');
        // Until it is back, every request is told to come back later.
        let reply = await signUp('during@example.com');
        while (reply.status === 503) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          reply = await signUp('during@example.com');
        }
        expect(reply.status).toBe(200);
        expect(database.pid()).not.toBe(pid);
        expect(lines.join('\n')).toContain('the embedded database stopped; restarting in 500 ms');
        expect(await db.query("select email from auth.users where email in ('before@example.com', 'during@example.com') order by email")).toEqual([
          { email: 'before@example.com' },
          { email: 'during@example.com' },
        ]);
      } finally {
        await server.stop();
      }
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A fresh embedded database started twice, migrated, and PostgREST: minutes on two busy cores.
  }, 180_000);
});

describe('the embedded database on disk', () => {
  it('PostgreSQL runs with fsync on', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-durable-'));
    const { db } = await openEmbedded('postgres', dataDir, () => undefined);
    try {
      expect(await db.query("select current_setting('fsync') as fsync, current_setting('synchronous_commit') as commit")).toEqual([{ fsync: 'on', commit: 'on' }]);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('PGlite runs with fsync on and syncs the disk before a commit is acknowledged', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-durable-'));
    const embedded = await startPglite({ dataDir });
    const db = await connectPool(embedded.url('postgres'), { kind: 'pglite', description: 'durable PGlite', onClose: () => embedded.stop() });
    try {
      expect(await db.query('show fsync')).toEqual([{ fsync: 'on' }]);
      await db.exec('create table ledger (entry text)');
      const before = await embedded.fsyncs();
      await db.query("insert into ledger values ('acknowledged')");
      expect(await embedded.fsyncs()).toBeGreaterThan(before);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
