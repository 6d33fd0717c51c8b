/**
 * The embedded database: Debian's PostgreSQL, made and run by the server in DATA_DIR.
 *
 * - Its data in DATA_DIR/postgres, fsync on. The first start runs initdb in DATA_DIR/postgres.new
 *   and renames it once it is ready (`initialise` included), so a first start cut short leaves
 *   no half-made cluster behind: the next one starts over.
 * - No network: a unix socket only (listen_addresses is empty), in the cluster's own folder, whose
 *   mode (0700) lets no other local user in; trust authentication on that socket and nothing else.
 *   Where that path is too long for a socket (107 bytes), a private temporary folder instead.
 * - As root it runs as the postgres user, which must reach its folder (`clusterFolder`).
 * - Kept running (keeper.ts): started again when it dies, or when the supervisor kills it hung.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, fsyncSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { keepRunning, type KeptProcess, type Launched } from './keeper';
import { killProcessTree } from './process-tree';
import { canEnter, initdb, launchPostgres, postgresAccount, postgresBin, untilAnswering, type PostgresAccount } from './postgres-server';

/** The socket's port, said in every URL (a PGPORT in the environment would change the socket's name). */
const PORT = 5432;
/** The socket's name in its folder. */
const SOCKET_NAME = `.s.PGSQL.${PORT}`;
/** sun_path holds 108 bytes on Linux, the last one a NUL. */
const MAX_SOCKET_PATH = 107;
/** As PGlite before it: every move waits for a commit here, but the game server's event loop comes first. */
const NICENESS = 10;

const ONLY_THE_SOCKET = `# The embedded database of Cell Connection: its unix socket only (listen_addresses is empty),
# in a folder that only PostgreSQL's own user may enter. No network access at all.
local all all trust
`;

export interface EmbeddedPostgres extends KeptProcess {
  /** The folder holding its socket: `host` for libpq and node-postgres. */
  socketDir: string;
  /** A libpq URI for `user` on database postgres, through the socket. */
  url(user: string): string;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  log: (line: string) => void;
  /**
   * Runs once, on a cluster just made and before it is put in place: migrations, and moving an
   * older PGlite's rows in. If it fails, nothing is put in place and the next start tries again.
   */
  initialise?: (url: (user: string) => string) => Promise<void>;
}

export async function startEmbeddedPostgres({ dataDir, log, initialise }: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const account = postgresAccount();
  const folder = clusterFolder(dataDir, account, log);
  let bin: string;
  if (existsSync(join(folder, 'PG_VERSION'))) {
    // The version that made it, not the newest installed: a newer one refuses its files.
    bin = postgresBin(readFileSync(join(folder, 'PG_VERSION'), 'utf8').trim());
  } else {
    bin = postgresBin();
    await makeCluster(bin, account, folder, initialise);
  }
  return serve(bin, account, folder, log);
}

/** initdb in `folder`.new, only the socket in pg_hba.conf, `initialise`, then the rename into place. */
async function makeCluster(bin: string, account: PostgresAccount | undefined, folder: string, initialise: EmbeddedPostgresOptions['initialise']): Promise<void> {
  const staging = `${folder}.new`;
  rmSync(staging, { recursive: true, force: true });
  try {
    mkdirSync(staging, { mode: 0o700 });
    if (account) chownSync(staging, account.uid, account.gid);
    initdb(bin, account, staging);
    writeFileSync(join(staging, 'pg_hba.conf'), ONLY_THE_SOCKET);
    if (account) chownSync(join(staging, 'pg_hba.conf'), account.uid, account.gid);
    if (initialise) {
      const server = await serve(bin, account, staging);
      try {
        await initialise(server.url);
      } finally {
        await server.stop();
      }
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  renameSync(staging, folder);
  syncFolder(dirname(folder));
}

/** PostgreSQL on `data`, kept running; without `log` it is not started again when it dies. */
async function serve(bin: string, account: PostgresAccount | undefined, data: string, log?: (line: string) => void): Promise<EmbeddedPostgres> {
  const inFolder = join(data, SOCKET_NAME).length <= MAX_SOCKET_PATH;
  const socketDir = inFolder ? data : mkdtempSync(join(tmpdir(), 'cc-postgres-'));
  if (!inFolder && account) chownSync(socketDir, account.uid, account.gid);
  const args = ['-D', data, '-k', socketDir, '-p', String(PORT), '-c', 'listen_addresses=', '-c', 'unix_socket_permissions=0700', '-c', 'fsync=on'];
  const launch = async (): Promise<Launched> => {
    await stopLeftover(data);
    const launched = launchPostgres(bin, account, args, NICENESS);
    try {
      await untilAnswering(launched, { host: socketDir, port: PORT, user: 'postgres', database: 'postgres' });
    } catch (error) {
      launched.kill();
      await launched.exited;
      throw error;
    }
    return launched;
  };
  try {
    const kept = await keepRunning(launch, { log: log ?? (() => undefined), restartOnExit: log !== undefined });
    return {
      ...kept,
      socketDir,
      url: (user) => `postgresql://${user}@/postgres?host=${encodeURIComponent(socketDir)}&port=${PORT}`,
      async stop(forceAfterMs) {
        await kept.stop(forceAfterMs);
        if (!inFolder) rmSync(socketDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (!inFolder) rmSync(socketDir, { recursive: true, force: true });
    throw new Error(`PostgreSQL on ${data}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Where the cluster's files are. Ours: DATA_DIR/postgres. As root, PostgreSQL runs as the postgres
 * user, which must pass through DATA_DIR to reach it:
 * - a DATA_DIR it can enter: DATA_DIR/postgres, owned by postgres;
 * - a DATA_DIR private to root (mode 0700, as mkdtemp makes it): its group becomes postgres with
 *   search permission only (0710), which lets the postgres user through and nobody else in;
 * - a DATA_DIR under a folder closed to it (a checkout in /root): the cluster lives in the
 *   postgres user's home, and DATA_DIR/postgres links to it.
 */
function clusterFolder(dataDir: string, account: PostgresAccount | undefined, log: (line: string) => void): string {
  mkdirSync(dataDir, { recursive: true });
  const folder = join(dataDir, 'postgres');
  if (!account) return folder;
  if (isLink(folder)) return realpathSync(folder);
  if (canEnter(account, dataDir)) return folder;
  const stat = statSync(dataDir);
  if (stat.uid === 0 && (stat.mode & 0o070) === 0 && canEnter(account, dirname(dataDir))) {
    chownSync(dataDir, 0, account.gid);
    chmodSync(dataDir, (stat.mode & 0o7777) | 0o010);
    log(`database: ${dataDir} was private to root; its group is now postgres, with search permission only, so that PostgreSQL (run as the postgres user) reaches its data in ${folder}`);
    return folder;
  }
  if (existsSync(folder)) throw new Error(`the postgres user cannot reach ${folder}: every folder above it must let it through (search permission)`);
  const home = postgresHome();
  const outside = join(home, 'cell-connection', `${basename(dataDir)}-${createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 12)}`);
  if (!canEnter(account, home)) throw new Error(`the postgres user can reach neither ${dataDir} nor its home ${home}: choose a DATA_DIR it can reach, or set EMBEDDED_DATABASE=pglite`);
  mkdirSync(dirname(outside), { recursive: true, mode: 0o700 });
  chownSync(dirname(outside), account.uid, account.gid);
  symlinkSync(outside, folder);
  log(`database: the postgres user cannot reach ${dataDir}, so its PostgreSQL data lives in ${outside}, linked from ${folder}`);
  return outside;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function postgresHome(): string {
  return execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).trim().split(':')[5] || '/var/lib/postgresql';
}

/**
 * A postmaster.pid left by a server that was killed before it could stop its PostgreSQL (the data
 * folder's lock says no server uses it now): a PostgreSQL still running on it is killed; a pid now
 * used by some other process is a stale file, which PostgreSQL would take for another postmaster.
 */
async function stopLeftover(data: string): Promise<void> {
  const pidFile = join(data, 'postmaster.pid');
  const pid = Number(readIfThere(pidFile)?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  // Gone (PostgreSQL clears such a file itself), or some other process now.
  const command = readIfThere(`/proc/${pid}/cmdline`)?.split('\0')[0];
  if (command === undefined) return;
  if (basename(command) !== 'postgres') return void rmSync(pidFile, { force: true });
  killProcessTree(pid);
  for (const until = Date.now() + 5_000; existsSync(`/proc/${pid}`) && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 50));
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function syncFolder(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
