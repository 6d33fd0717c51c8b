/**
 * PGlite, the embedded database where Debian's PostgreSQL is not installed (or
 * EMBEDDED_DATABASE=pglite), in a process of its own, served on a unix socket, so the server and
 * PostgREST reach it with the same driver as PostgreSQL (`pg`, libpq). On disk it is durable
 * (fsync on) and kept running (keeper.ts: started again if it dies or hangs); in memory (tests)
 * it may start from a template.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lowPriority } from '../low-priority';
import { keepRunning, type KeptProcess, type Launched } from './keeper';
import type { DatabaseProcessCommand, DatabaseProcessMessage, DatabaseProcessSettings } from './pglite-process';

const ENTRY = fileURLToPath(new URL('./pglite-process.ts', import.meta.url));

/** libpq and node-postgres look for `<dir>/.s.PGSQL.<port>`; 5432 is the default port. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** A unix socket path must fit in sockaddr_un (108 bytes on Linux). */
const MAX_SOCKET_PATH = 100;

export interface PgliteProcess extends KeptProcess {
  /** The directory holding the socket: `host` for libpq and node-postgres. */
  socketDir: string;
  /** A libpq URI for `user` (PGlite ignores the user: every connection is its one session). */
  url(user: string): string;
  /** Writes the data folder as a tarball into `file`, a template (call it when nothing else runs). */
  dump(file: string): Promise<void>;
  /** fsync calls that reached the disk so far (on disk only; tests). */
  fsyncs(): Promise<number>;
}

export interface PgliteOptions {
  /** DATA_DIR: PGlite lives in `dataDir/pg`, the socket beside it. Undefined: in memory. */
  dataDir?: string;
  /** A file from `dump`: a memory database starts as a copy of it. */
  templateFile?: string;
  /** Told when the database process died or hung and is being restarted (disk only). */
  log?: (line: string) => void;
  /** False turns fsync off: only bench:api, to measure what durability costs. */
  durable?: boolean;
}

export async function startPglite({ dataDir, templateFile, log = () => undefined, durable }: PgliteOptions): Promise<PgliteProcess> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const inDataDir = dataDir && join(dataDir, SOCKET_NAME).length <= MAX_SOCKET_PATH;
  const socketDir = inDataDir ? dataDir : mkdtempSync(join(tmpdir(), 'cc-pg-'));
  const socketPath = join(socketDir, SOCKET_NAME);
  const settings: DatabaseProcessSettings = { dataDir: dataDir && join(dataDir, 'pg'), durable, socketPath, templateFile };
  /** The process now serving, for `dump` and `fsyncs`. */
  let latest: ChildProcess | undefined;

  const launch = async (): Promise<Launched> => {
    rmSync(socketPath, { force: true }); // left by a crash; the data folder's lock says nobody else serves it
    const [command, args] = lowPriority(process.execPath, ['--import', 'tsx', ENTRY], 10);
    const database = spawn(command, args, { env: { ...process.env, PGLITE_PROCESS: JSON.stringify(settings) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<void>((resolve) => {
      if (database.exitCode !== null || database.signalCode !== null) resolve();
      else database.once('exit', () => resolve());
    });
    database.on('error', () => undefined); // its exit follows
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: DatabaseProcessMessage) => {
        if (message.type !== 'ready' && message.type !== 'failed') return;
        database.off('message', onMessage);
        if (message.type === 'ready') resolve();
        else reject(new Error(message.message));
      };
      database.on('message', onMessage);
      void exited.then(() => reject(new Error(`the database process exited (${database.exitCode ?? database.signalCode})`)));
    });
    latest = database;
    return {
      pid: database.pid,
      exited,
      stop: () => (database.connected ? database.send({ type: 'stop' } satisfies DatabaseProcessCommand) : database.kill()),
      // nice execs: the process is node itself, PGlite's only process.
      kill: () => database.kill('SIGKILL'),
    };
  };
  const kept = await keepRunning(launch, { log, restartOnExit: dataDir !== undefined });
  const current = () => {
    if (!latest || !kept.running()) throw new Error('the embedded database is restarting');
    return latest;
  };

  return {
    ...kept,
    socketDir,
    url: (user) => `postgresql://${user}@/postgres?host=${encodeURIComponent(socketDir)}`,
    dump: (file) => ask(current(), { type: 'dump', file }, 'dumped').then(() => undefined),
    fsyncs: () => ask(current(), { type: 'stats' }, 'stats').then((message) => message.fsyncs),
    async stop(forceAfterMs) {
      await kept.stop(forceAfterMs);
      if (!inDataDir) rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** Sends `command` to the database process and resolves with its first answer of type `answer`. */
function ask<T extends DatabaseProcessMessage['type']>(database: ChildProcess, command: DatabaseProcessCommand, answer: T): Promise<Extract<DatabaseProcessMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: DatabaseProcessMessage) => {
      if (message.type !== answer && message.type !== 'failed') return;
      database.off('message', onMessage);
      if (message.type === 'failed') reject(new Error(message.message));
      else resolve(message as Extract<DatabaseProcessMessage, { type: T }>);
    };
    database.on('message', onMessage);
    database.send(command);
  });
}
