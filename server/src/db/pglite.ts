/**
 * The embedded database: PGlite on its own thread, served on a unix socket, so the server and
 * PostgREST reach it with the same driver as PostgreSQL (`pg`, libpq). On disk it is durable
 * (fsync on) and restarted if its thread dies; in memory (tests) it may start from a template.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../ts-worker';
import type { PgliteWorkerCommand, PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker';

/** libpq and node-postgres look for `<dir>/.s.PGSQL.<port>`; 5432 is the default port. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** A unix socket path must fit in sockaddr_un (108 bytes on Linux). */
const MAX_SOCKET_PATH = 100;

export interface EmbeddedDatabase {
  /** The directory holding the socket: `host` for libpq and node-postgres. */
  socketDir: string;
  /** A libpq URI for `user` (PGlite ignores the user: every connection is its one session). */
  url(user: string): string;
  /** The data folder as a tarball, for `template` (call it when nothing else runs). */
  dump(): Promise<Uint8Array>;
  /** fsync calls that reached the disk so far (on disk only; tests). */
  fsyncs(): Promise<number>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** DATA_DIR: PGlite lives in `dataDir/pg`, the socket beside it. Undefined: in memory. */
  dataDir?: string;
  template?: Uint8Array;
  /** Told when the database thread died and is being restarted (disk only). */
  onCrash?: (message: string) => void;
}

export async function startEmbeddedDatabase({ dataDir, template, onCrash }: EmbeddedOptions): Promise<EmbeddedDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => undefined;
  const inDataDir = dataDir && join(dataDir, SOCKET_NAME).length <= MAX_SOCKET_PATH;
  const socketDir = inDataDir ? dataDir : mkdtempSync(join(tmpdir(), 'cc-pg-'));
  const socketPath = join(socketDir, SOCKET_NAME);
  const workerData: PgliteWorkerData = { dataDir: dataDir && join(dataDir, 'pg'), socketPath, template };

  let worker: Worker;
  let stopping = false;
  let restarts = 0;
  const launch = async (): Promise<void> => {
    rmSync(socketPath, { force: true }); // left by a crash; the lock says nobody else serves it
    worker = startTsWorker(new URL('./pglite-worker.ts', import.meta.url), workerData);
    const starting = worker;
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: PgliteWorkerMessage) => {
        if (message.type !== 'ready' && message.type !== 'failed') return;
        settle();
        if (message.type === 'ready') resolve();
        else reject(new Error(message.message));
      };
      const onExit = (code: number) => {
        settle();
        reject(new Error(`the database thread exited (${code})`));
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
    worker.on('error', () => undefined); // its exit follows and is handled there
    worker.once('exit', (code) => {
      if (stopping || !dataDir) return;
      const wait = Math.min(30_000, 500 * 2 ** restarts++);
      onCrash?.(`the embedded database stopped (exit ${code}); restarting in ${wait} ms`);
      setTimeout(() => void launch().then(() => (restarts = 0)).catch((error: Error) => onCrash?.(error.message)), wait).unref();
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
    dump: () => ask(worker, { type: 'dump' }, 'dumped').then((message) => message.data),
    fsyncs: () => ask(worker, { type: 'stats' }, 'stats').then((message) => message.fsyncs),
    async stop() {
      stopping = true;
      const stopped = new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.on('message', (message: PgliteWorkerMessage) => message.type === 'stopped' && void worker.terminate());
      });
      worker.postMessage({ type: 'stop' } satisfies PgliteWorkerCommand);
      await stopped;
      releaseLock();
      if (!inDataDir) rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** Sends `command` to the database thread and resolves with its first answer of type `answer`. */
function ask<T extends PgliteWorkerMessage['type']>(worker: Worker, command: PgliteWorkerCommand, answer: T): Promise<Extract<PgliteWorkerMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: PgliteWorkerMessage) => {
      if (message.type !== answer && message.type !== 'failed') return;
      worker.off('message', onMessage);
      if (message.type === 'failed') reject(new Error(message.message));
      else resolve(message as Extract<PgliteWorkerMessage, { type: T }>);
    };
    worker.on('message', onMessage);
    worker.postMessage(command);
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
