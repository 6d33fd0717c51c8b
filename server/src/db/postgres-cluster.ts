/**
 * A throwaway PostgreSQL cluster from Debian's packages, for tests and benchmarks: initdb in a
 * temporary folder, trust authentication on loopback, a free port. As root the tools run as the
 * postgres user, as they require.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresCluster {
  port: number;
  /** A URL for `user` on database `database` (default postgres). */
  url(user: string, database?: string): string;
  /** Stops the server (fast shutdown) and removes its folder. */
  stop(): Promise<void>;
  /** Stops the server and keeps its data: the database is down until `resume`. */
  pause(): Promise<void>;
  /** Starts it again on the same data and port. */
  resume(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  if (!version) throw new Error("Debian's PostgreSQL is not installed: run scripts/setup (apt-get install postgresql)");
  return join(root, version, 'bin');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'cc-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const data = join(dir, 'data');
  execFileSync(...command('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']), { stdio: 'ignore' });
  const port = await freePort();
  // fsync off: a test cluster is thrown away, durability would only slow it down.
  const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'];
  const launch = () => {
    // Its own process group: runuser does not pass signals on, so the group is stopped whole.
    const server = spawn(...command('postgres', args), { stdio: 'ignore', detached: true });
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    return { server, exited };
  };
  let running: ReturnType<typeof launch> | null = launch();
  const url = (user: string, database = 'postgres') => `postgresql://${user}@127.0.0.1:${port}/${database}`;
  const pause = async () => {
    const current = running;
    running = null;
    if (!current) return;
    if (current.server.pid && current.server.exitCode === null) process.kill(-current.server.pid, 'SIGINT');
    await current.exited;
  };
  const stop = async () => {
    await pause();
    rmSync(dir, { recursive: true, force: true });
  };
  const ready = async () => {
    for (let attempt = 0; ; attempt++) {
      const client = new pg.Client({ connectionString: url('postgres') });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        if (attempt >= 300) {
          await stop();
          throw new Error('PostgreSQL did not start within 30 s');
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const resume = async () => {
    running ??= launch();
    await ready();
  };
  await ready();
  return { port, url, stop, pause, resume };
}
