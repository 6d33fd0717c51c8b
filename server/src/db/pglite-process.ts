/**
 * The embedded database's process: PGlite, served on a unix socket by the multiplexer. PGlite
 * computes in WebAssembly on the thread that calls it; in a process of its own, at a low priority
 * (pglite.ts starts it under `nice`), a slow query or a flood of reads never holds up the game
 * server's event loop, garbage collection included. It ends with the server: when the IPC
 * channel closes (the server stopped, or died), so does this process.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, durableStartParams, fsyncCounter } from './durable-fs';
import { serveMultiplexed } from './pglite-multiplexer';

/** Handed over in the environment (PGLITE_PROCESS, as JSON). */
export interface DatabaseProcessSettings {
  /** On disk; undefined keeps it in memory (tests). */
  dataDir?: string;
  /** On disk: fsync on (true, always in the server); false only to measure what durability costs. */
  durable?: boolean;
  /** Where the socket listens: `${socketDir}/.s.PGSQL.5432`, as libpq and node-postgres look for it. */
  socketPath: string;
  /** A file holding a data folder dumped by `dumpDataDir` (a migrated template), for memory databases. */
  templateFile?: string;
}

export type DatabaseProcessMessage =
  | { type: 'ready' }
  | { type: 'stopped' }
  | { type: 'failed'; message: string }
  | { type: 'dumped' }
  | { type: 'stats'; fsyncs: number };

export type DatabaseProcessCommand = { type: 'stop' } | { type: 'dump'; file: string } | { type: 'stats' };

const send = (message: DatabaseProcessMessage) => process.send?.(message);
const failed = (error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });

const { dataDir, durable = true, socketPath, templateFile } = JSON.parse(process.env.PGLITE_PROCESS ?? '{}') as DatabaseProcessSettings;
process.on('disconnect', () => process.exit(0));

try {
  const db = dataDir
    ? await PGlite.create(durable ? { fs: new DurableNodeFS(dataDir), startParams: durableStartParams() } : { dataDir })
    : await PGlite.create({ loadDataDir: templateFile ? new Blob([readFileSync(templateFile)]) : undefined });
  const multiplexer = await serveMultiplexed(db, { listen: { path: socketPath } });
  process.on('message', (command: DatabaseProcessCommand) => {
    switch (command.type) {
      case 'stats':
        return send({ type: 'stats', fsyncs: fsyncCounter.count });
      case 'dump':
        // The whole data folder as a tarball: a template that later databases start from.
        // Asked for only when nothing else runs (the tests' global set-up).
        return void db
          .dumpDataDir('none')
          .then(async (file) => writeFileSync(command.file, new Uint8Array(await file.arrayBuffer())))
          .then(() => send({ type: 'dumped' }), failed);
      case 'stop':
        return void multiplexer
          .close()
          .then(() => db.close())
          .finally(() => {
            send({ type: 'stopped' });
            process.disconnect();
          });
    }
  });
  send({ type: 'ready' });
} catch (error) {
  failed(error);
  process.disconnect();
}
