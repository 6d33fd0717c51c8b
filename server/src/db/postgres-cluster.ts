/**
 * A throwaway PostgreSQL cluster from Debian's packages, for tests and benchmarks: initdb in a
 * temporary folder, trust authentication on loopback, a free port. As root it runs as the
 * postgres user, as it requires. With `dataDir` (`npm run cluster`) the data is kept there
 * across runs instead. It stops with us, even when we are killed (run-postgres.sh).
 */
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { initdb, launchPostgres, postgresAccount, postgresBin, untilAnswering, type LaunchedPostgres } from './postgres-server';

export interface PostgresCluster {
  port: number;
  /** A URL for `user` on database `database` (default postgres). */
  url(user: string, database?: string): string;
  /** Stops the server (fast shutdown) and removes its folder (a kept `dataDir` stays). */
  stop(): Promise<void>;
  /** Stops the server and keeps its data: the database is down until `resume`. */
  pause(): Promise<void>;
  /** Kills the server and every backend at once (SIGKILL): a database that dies, not one that shuts down; `resume` starts it again. */
  crash(): Promise<void>;
  /** Starts it again on the same data and port. */
  resume(): Promise<void>;
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
  const account = postgresAccount();
  // The temporary folder holds the socket, and the data too unless it is kept elsewhere.
  const dir = mkdtempSync(join(tmpdir(), 'cc-pg-'));
  chmodSync(dir, 0o777);
  const data = dataDir ? resolvePath(dataDir) : join(dir, 'data');
  try {
    if (!dataDir) initdb(bin, account, data, { throwaway: true });
    else if (!existsSync(join(data, 'PG_VERSION'))) {
      // Its parents with the usual mode (the postgres user must pass through them), itself private
      // and, as root, the postgres user's: initdb may not create it inside root's folders.
      mkdirSync(dirname(data), { recursive: true });
      mkdirSync(data, { recursive: true, mode: 0o700 });
      if (account) chownSync(data, account.uid, account.gid);
      initdb(bin, account, data);
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  // fsync off for a throwaway cluster: durability would only slow it down. A kept one keeps it on.
  const fsync = dataDir ? 'on' : 'off';
  const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', `fsync=${fsync}`, '-c', 'max_connections=200'];
  const url = (user: string, database = 'postgres') => `postgresql://${user}@127.0.0.1:${port}/${database}`;
  let running: LaunchedPostgres | null = null;
  const pause = async () => {
    const current = running;
    running = null;
    if (!current) return;
    current.stop();
    await current.exited;
  };
  const crash = async () => {
    const current = running;
    running = null;
    if (!current) return;
    current.kill();
    await current.exited;
  };
  const stop = async () => {
    await pause();
    // A kept dataDir is outside `dir`: only the socket's folder goes.
    rmSync(dir, { recursive: true, force: true });
  };
  const resume = async () => {
    if (running) return;
    const launched = launchPostgres(bin, account, args);
    running = launched;
    try {
      await untilAnswering(launched, { connectionString: url('postgres') });
    } catch (error) {
      await stop();
      throw new Error(`PostgreSQL on ${data}: ${(error as Error).message}`, { cause: error });
    }
  };
  await resume();
  return { port, url, stop, pause, crash, resume };
}
