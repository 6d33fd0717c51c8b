/**
 * Real databases for tests: PGlite in memory, and Debian's PostgreSQL started in
 * a temporary directory on a loopback port (about 3 s), migrated and ready.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface TestDatabase {
  db: Database;
  stop(): Promise<void>;
}

export async function pgliteForTests(): Promise<TestDatabase> {
  const db = await openPglite();
  await migrate(db);
  return { db, stop: () => db.close() };
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  if (!version) throw new Error("Debian's PostgreSQL is not installed: run scripts/setup (apt-get install postgresql)");
  return join(root, version, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A fresh PostgreSQL cluster; as root it runs as the postgres user, as the tools require. */
export async function postgresForTests(): Promise<TestDatabase> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'cc-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const data = join(dir, 'data');
  const [initCmd, initArgs] = run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']) as [string, string[]];
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [pgCmd, pgArgs] = run('postgres', ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off']) as [string, string[]];
  // Its own process group: runuser does not pass signals on, so the group is stopped whole.
  const server = spawn(pgCmd, pgArgs, { stdio: 'ignore', detached: true });
  const stopServer = () => {
    if (server.pid) process.kill(-server.pid, 'SIGINT');
  };
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let db: Database | undefined;
  for (let attempt = 0; attempt < 100 && !db; attempt++) {
    db = await openPostgres(url).catch(() => undefined);
    if (!db) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!db) {
    stopServer();
    throw new Error('PostgreSQL did not start');
  }
  await migrate(db);
  const ready = db;
  return {
    db: ready,
    async stop() {
      await ready.close();
      const exited = new Promise((resolve) => server.once('exit', resolve));
      stopServer();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Both kinds, for `describe.each`. */
export const TEST_DATABASES = [
  ['PGlite', pgliteForTests],
  ['PostgreSQL', postgresForTests],
] as const;
