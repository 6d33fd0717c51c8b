/**
 * The embedded database's thread: PGlite, served on a unix socket by the multiplexer. PGlite
 * computes in WebAssembly on the thread that calls it; here a slow query or a flood of reads
 * never holds up the game server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, durableStartParams, fsyncCounter } from './durable-fs';
import { serveMultiplexed } from './pglite-multiplexer';

export interface PgliteWorkerData {
  /** On disk, durable; undefined keeps it in memory (tests). */
  dataDir?: string;
  /** Where the socket listens: `${socketDir}/.s.PGSQL.5432`, as libpq and node-postgres look for it. */
  socketPath: string;
  /** A data directory dumped by `dumpDataDir` (a migrated template), for memory databases. */
  template?: Uint8Array;
}

export type PgliteWorkerMessage =
  | { type: 'ready' }
  | { type: 'stopped' }
  | { type: 'failed'; message: string }
  | { type: 'dumped'; data: Uint8Array }
  | { type: 'stats'; fsyncs: number };

export type PgliteWorkerCommand = { type: 'stop' } | { type: 'dump' } | { type: 'stats' };

const { dataDir, socketPath, template } = workerData as PgliteWorkerData;
const port = parentPort!;

try {
  const db = dataDir
    ? await PGlite.create({ fs: new DurableNodeFS(dataDir), startParams: durableStartParams() })
    : await PGlite.create({ loadDataDir: template ? new Blob([template as Uint8Array<ArrayBuffer>]) : undefined });
  const multiplexer = await serveMultiplexed(db, { listen: { path: socketPath } });
  port.on('message', (message: PgliteWorkerCommand) => {
    if (message.type === 'stats') return port.postMessage({ type: 'stats', fsyncs: fsyncCounter.count } satisfies PgliteWorkerMessage);
    if (message.type === 'dump') {
      // The whole data folder as a tarball: a template that later databases start from.
      // Asked for only when nothing else runs (the tests' global set-up).
      void db
        .dumpDataDir('none')
        .then(async (file) => port.postMessage({ type: 'dumped', data: new Uint8Array(await file.arrayBuffer()) } satisfies PgliteWorkerMessage))
        .catch((error: unknown) => port.postMessage({ type: 'failed', message: String(error) } satisfies PgliteWorkerMessage));
      return;
    }
    void multiplexer
      .close()
      .then(() => db.close())
      .finally(() => port.postMessage({ type: 'stopped' } satisfies PgliteWorkerMessage));
  });
  port.postMessage({ type: 'ready' } satisfies PgliteWorkerMessage);
} catch (error) {
  port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies PgliteWorkerMessage);
}
