/**
 * A throwaway PostgreSQL cluster from Debian's packages, for tests and benchmarks: initdb in a
 * temporary folder, trust authentication on loopback, a free port. As root the tools run as the
 * postgres user, as they require. With `dataDir` (`npm run cluster`) the data is kept there
 * across runs instead.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
import pg from 'pg';

export interface PostgresCluster {
  port: number;
  /** A URL for `user` on database `database` (default postgres). */
  url(user: string, database?: string): string;
  /** Stops the server (fast shutdown) and removes its folder (a kept `dataDir` stays). */
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

export interface PostgresClusterOptions {
  /**
   * Keep the data in this folder across runs: initdb only when it holds no cluster yet
   * (no PG_VERSION), fsync on, and `stop()` leaves it in place. Default: a throwaway cluster.
   */
  dataDir?: string;
}

export async function startPostgresCluster({ dataDir }: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBin();
  // The temporary folder holds the socket, and the data too unless it is kept elsewhere.
  const dir = mkdtempSync(join(tmpdir(), 'cc-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const data = dataDir ? resolvePath(dataDir) : join(dir, 'data');
  try {
    if (!dataDir || !existsSync(join(data, 'PG_VERSION'))) initdb(data, !dataDir, asRoot, command);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  // fsync off for a throwaway cluster: durability would only slow it down. A kept one keeps it on.
  const fsync = dataDir ? 'on' : 'off';
  const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', `fsync=${fsync}`, '-c', 'max_connections=200'];
  const launch = () => {
    // Its own process group: runuser does not pass signals on, so the group is stopped whole.
    const server = spawn(...command('postgres', args), { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    // The end of its log says why, should it exit before it is ready (say, another server on a kept dataDir).
    let log = '';
    server.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4096)));
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    return { server, exited, log: () => log.trim() };
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
    // A kept dataDir is outside `dir`: only the socket's folder goes.
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
        const current = running;
        if (current && (current.server.exitCode !== null || current.server.signalCode !== null)) {
          await stop();
          throw new Error(`PostgreSQL on ${data} exited before it was ready:\n${current.log()}`);
        }
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

/**
 * initdb into `data`. A kept folder is made first, owned by postgres when we are root (initdb
 * refuses to create it where the postgres user may not write, e.g. inside root's checkout).
 */
function initdb(data: string, throwaway: boolean, asRoot: boolean, command: (tool: string, args: string[]) => [string, string[]]): void {
  if (!throwaway) {
    // Its parents with the usual mode (the postgres user must pass through them), itself private.
    mkdirSync(dirname(data), { recursive: true });
    mkdirSync(data, { recursive: true, mode: 0o700 });
    if (asRoot) execFileSync('chown', ['postgres:postgres', data]);
  }
  const args = ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'];
  // --no-sync for a throwaway cluster only: a kept one must survive a crash right after initdb.
  if (throwaway) args.push('--no-sync');
  try {
    execFileSync(...command('initdb', args), { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`initdb ${data} failed${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}
