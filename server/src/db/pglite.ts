/**
 * The embedded database: PGlite in a process of its own, served on a unix socket, so the server
 * and PostgREST reach it with the same driver as PostgreSQL (`pg`, libpq). On disk it is durable
 * (fsync on) and restarted if it dies; in memory (tests) it may start from a template.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lowPriority } from '../low-priority';
import type { DatabaseProcessCommand, DatabaseProcessMessage, DatabaseProcessSettings } from './pglite-process';

const ENTRY = fileURLToPath(new URL('./pglite-process.ts', import.meta.url));

/** libpq and node-postgres look for `<dir>/.s.PGSQL.<port>`; 5432 is the default port. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** A unix socket path must fit in sockaddr_un (108 bytes on Linux). */
const MAX_SOCKET_PATH = 100;

export interface EmbeddedDatabase {
  /** The directory holding the socket: `host` for libpq and node-postgres. */
  socketDir: string;
  /** A libpq URI for `user` (PGlite ignores the user: every connection is its one session). */
  url(user: string): string;
  /** Writes the data folder as a tarball into `file`, a template (call it when nothing else runs). */
  dump(file: string): Promise<void>;
  /** fsync calls that reached the disk so far (on disk only; tests). */
  fsyncs(): Promise<number>;
  /** The database process's id (tests). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** DATA_DIR: PGlite lives in `dataDir/pg`, the socket beside it. Undefined: in memory. */
  dataDir?: string;
  /** A file from `dump`: a memory database starts as a copy of it. */
  templateFile?: string;
  /** Told when the database process died and is being restarted (disk only). */
  onCrash?: (message: string) => void;
  /** False turns fsync off: only bench:api, to measure what durability costs. */
  durable?: boolean;
}

export async function startEmbeddedDatabase({ dataDir, templateFile, onCrash, durable }: EmbeddedOptions): Promise<EmbeddedDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => undefined;
  const inDataDir = dataDir && join(dataDir, SOCKET_NAME).length <= MAX_SOCKET_PATH;
  const socketDir = inDataDir ? dataDir : mkdtempSync(join(tmpdir(), 'cc-pg-'));
  const socketPath = join(socketDir, SOCKET_NAME);
  const settings: DatabaseProcessSettings = { dataDir: dataDir && join(dataDir, 'pg'), durable, socketPath, templateFile };

  let database: ChildProcess;
  let stopping = false;
  let restarts = 0;
  /** After a crash: tries again, waiting longer each time (0.5 s doubling to 30 s), until it runs. */
  const restart = () => {
    const wait = Math.min(30_000, 500 * 2 ** restarts++);
    onCrash?.(`the embedded database stopped; restarting in ${wait} ms`);
    setTimeout(() => {
      if (!stopping) launch().then(() => (restarts = 0), restart);
    }, wait).unref();
  };
  const launch = async (): Promise<void> => {
    rmSync(socketPath, { force: true }); // left by a crash; the lock says nobody else serves it
    const [command, args] = lowPriority(process.execPath, ['--import', 'tsx', ENTRY], 10);
    database = spawn(command, args, { env: { ...process.env, PGLITE_PROCESS: JSON.stringify(settings) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const starting = database;
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: DatabaseProcessMessage) => {
        if (message.type !== 'ready' && message.type !== 'failed') return;
        settle();
        if (message.type === 'ready') resolve();
        else reject(new Error(message.message));
      };
      const onExit = (code: number | null) => {
        settle();
        reject(new Error(`the database process exited (${code})`));
      };
      const settle = () => {
        starting.off('message', onMessage);
        starting.off('error', reject);
        starting.off('exit', onExit);
      };
      starting.on('message', onMessage);
      starting.once('error', reject);
      starting.once('exit', onExit);
    });
    starting.on('error', () => undefined); // its exit follows and is handled there
    starting.once('exit', () => {
      if (!stopping && dataDir) restart();
    });
  };
  try {
    await launch();
  } catch (error) {
    releaseLock();
    throw error;
  }

  return {
    socketDir,
    url: (user) => `postgresql://${user}@/postgres?host=${encodeURIComponent(socketDir)}`,
    dump: (file) => ask(database, { type: 'dump', file }, 'dumped').then(() => undefined),
    fsyncs: () => ask(database, { type: 'stats' }, 'stats').then((message) => message.fsyncs),
    pid: () => database.pid,
    async stop() {
      stopping = true;
      const stopped = new Promise<void>((resolve) => {
        if (database.exitCode !== null || database.signalCode !== null) resolve();
        else database.once('exit', () => resolve());
      });
      if (database.connected) database.send({ type: 'stop' } satisfies DatabaseProcessCommand);
      else database.kill();
      await stopped;
      releaseLock();
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

/** Two servers on one PGlite folder would corrupt it: the second is refused while the first lives. */
function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, 'server.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      throw new Error(`the data folder ${dataDir} is in use by another server (pid ${pid}); stop it or set DATA_DIR`);
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
