/**
 * The embedded PostgreSQL as an operator meets it: made in DATA_DIR/postgres on the first start,
 * reachable by no network and by no other local user, run as the postgres user when the server
 * is root (also in a DATA_DIR private to root, as mkdtemp makes it, or under a folder the postgres
 * user cannot enter), one server per folder, and gone with a server that is killed.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess } from '../server-process.testkit';
import { TEST_SECRET } from '../backend.testkit';
import { embeddedKind, openEmbedded } from './embedded';
import { freePort } from './postgres-cluster';
import { postgresAccount } from './postgres-server';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const account = postgresAccount();
const asRoot = account !== undefined;

/** A fresh data folder, as playwright.config.ts and the tests make them (mode 0700). */
const freshDataDir = (name: string) => mkdtempSync(join(tmpdir(), `cc-${name}-`));

async function rows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL in a fresh DATA_DIR', () => {
  it('keeps its data in DATA_DIR/postgres, listens on a socket in that private folder only, with trust there and nowhere else', { timeout: 120_000 }, async () => {
    const dataDir = freshDataDir('embedded');
    const lines: string[] = [];
    const { db, restUrl } = await openEmbedded('postgres', dataDir, (line) => lines.push(line));
    try {
      const folder = join(dataDir, 'postgres');
      const stat = statSync(folder);
      expect(stat.mode & 0o777).toBe(0o700);
      if (account) expect(stat.uid).toBe(account.uid);
      expect(statSync(join(folder, '.s.PGSQL.5432')).isSocket()).toBe(true);
      expect(await db.query("select current_setting('listen_addresses') as listen, current_setting('fsync') as fsync")).toEqual([{ listen: '', fsync: 'on' }]);
      expect(await db.query('select type, auth_method from pg_hba_file_rules')).toEqual([{ type: 'local', auth_method: 'trust' }]);
      // PostgREST's role, over the socket.
      expect(await rows(restUrl, 'select current_user')).toEqual([{ current_user: 'authenticator' }]);
      if (asRoot) {
        // mkdtemp's 0700, private to root: the postgres user may now pass through, and nobody else.
        const dir = statSync(dataDir);
        expect({ mode: dir.mode & 0o777, gid: dir.gid }).toEqual({ mode: 0o710, gid: account.gid });
        expect(lines).toEqual([expect.stringContaining(`database: ${dataDir} was private to root; its group is now postgres`)]);
      }
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('puts the socket in a private temporary folder when DATA_DIR is too deep for a socket path', { timeout: 120_000 }, async () => {
    const dataDir = freshDataDir('deep');
    chmodSync(dataDir, 0o755); // the postgres user passes through to the deep folder, where the cluster stays
    const deep = join(dataDir, 'a-folder-name-long-enough-to-push-the-socket-path-past-what-a-unix-socket-address-holds');
    const { db, restUrl } = await openEmbedded('postgres', deep, () => undefined);
    const socketDir = decodeURIComponent(/[?&]host=([^&]+)/.exec(restUrl)![1]!);
    try {
      expect(lstatSync(join(deep, 'postgres')).isDirectory()).toBe(true);
      expect(socketDir.startsWith(tmpdir())).toBe(true);
      const stat = statSync(socketDir);
      expect(stat.mode & 0o777).toBe(0o700);
      if (account) expect(stat.uid).toBe(account.uid);
      expect(await rows(restUrl, 'select current_user')).toEqual([{ current_user: 'authenticator' }]);
    } finally {
      await db.close();
    }
    expect(existsSync(socketDir)).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(asRoot)('lives in the postgres user\'s home, linked from DATA_DIR/postgres, when a folder above DATA_DIR is closed to it', { timeout: 120_000 }, async () => {
    const closed = freshDataDir('closed'); // 0700, root's: the postgres user cannot pass
    const dataDir = join(closed, 'data');
    mkdirSync(dataDir);
    const lines: string[] = [];
    const { db } = await openEmbedded('postgres', dataDir, (line) => lines.push(line));
    const outside = realpathSync(join(dataDir, 'postgres'));
    try {
      expect(lstatSync(join(dataDir, 'postgres')).isSymbolicLink()).toBe(true);
      expect(outside.startsWith('/var/lib/postgresql/cell-connection/')).toBe(true);
      expect(lines).toEqual([`database: the postgres user cannot reach ${dataDir}, so its PostgreSQL data lives in ${outside}, linked from ${join(dataDir, 'postgres')}`]);
      await db.exec('create table kept (note text)');
      await db.query("insert into kept values ('still here')");
    } finally {
      await db.close();
    }
    // Started again through the link, on the same data.
    const again = await openEmbedded('postgres', dataDir, () => undefined);
    try {
      expect(await again.db.query('select note from kept')).toEqual([{ note: 'still here' }]);
    } finally {
      await again.db.close();
      rmSync(closed, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('which embedded database', () => {
  const dataDir = '/nonexistent/data';
  it('is PostgreSQL where it is installed, PGlite where not (one line says so), or what EMBEDDED_DATABASE names', () => {
    const lines: string[] = [];
    expect(embeddedKind({}, dataDir, (line) => lines.push(line), true)).toBe('postgres');
    expect(embeddedKind({ EMBEDDED_DATABASE: 'pglite' }, dataDir, (line) => lines.push(line), true)).toBe('pglite');
    expect(embeddedKind({ EMBEDDED_DATABASE: 'postgres' }, dataDir, (line) => lines.push(line), false)).toBe('postgres');
    expect(lines).toEqual([]);
    expect(embeddedKind({}, dataDir, (line) => lines.push(line), false)).toBe('pglite');
    expect(lines).toEqual(["database: Debian's PostgreSQL is not installed (apt-get install postgresql): the embedded database is PGlite, one session for every client"]);
    expect(() => embeddedKind({ EMBEDDED_DATABASE: 'sqlite' }, dataDir, () => undefined)).toThrow('EMBEDDED_DATABASE must be postgres or pglite, not "sqlite"');
  });
});

/** The real server, as `npm start` runs it, until it exits: its exit code and what it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, JWT_SECRET: TEST_SECRET, PORT: '0', DATABASE_URL: '', DATABASE_CONNECT_ATTEMPTS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const postmasterPid = (dataDir: string) => Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

describe('the real server on the embedded PostgreSQL', () => {
  // Three server starts, the first on a fresh folder: minutes on two busy cores.
  it('refuses a second server on its folder, and takes its PostgreSQL with it when it is killed', { timeout: 300_000 }, async () => {
    const dataDir = freshDataDir('one-server');
    const env = { DATA_DIR: dataDir, JWT_SECRET: TEST_SECRET };
    try {
      const first = await startServerProcess(await freePort(), env);
      expect(first.output()).toContain('(embedded PostgreSQL)');
      const second = await runServer({ DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`the data folder ${dataDir} is in use by another server (pid ${first.child.pid})`);

      const postgres = postmasterPid(dataDir);
      expect(alive(postgres)).toBe(true);
      expect(await stopServerProcess(first, 'SIGKILL')).toBe(null);
      // Its PostgreSQL stops on its own: nothing is left running on the folder.
      await expect.poll(() => alive(postgres), { timeout: 30_000, interval: 100 }).toBe(false);

      // The next server starts on the folder, and its PostgreSQL stops with it, cleanly.
      const third = await startServerProcess(await freePort(), env);
      await stopServerProcess(third);
      await expect.poll(() => existsSync(join(dataDir, 'postgres', 'postmaster.pid')), { timeout: 30_000, interval: 100 }).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
