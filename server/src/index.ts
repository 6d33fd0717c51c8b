// Composition root of the node server: reads settings, opens the database, starts the backend, listens.
import { loadSecret } from './auth/keys';
import { startBackend, type Backend } from './backend';
import { readConfig } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open';
import { loadEngine } from '../../src/engine/load';

/** A set-up problem (a bad setting, no database, a busy port) is one line on stderr and exit 1. */
function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

let db: Database | undefined;
let backend: Backend | undefined;
try {
  const config = readConfig();
  const opened = await openDatabase();
  db = opened.db;
  backend = await startBackend({
    db,
    restUrl: opened.restUrl,
    secret: loadSecret(),
    distDir: config.distDir,
    trustProxy: config.trustProxy,
    connectOrigins: config.connectOrigins,
    restLimits: config.restLimits,
    engine: await loadEngine(),
    nodeId: config.nodeId,
    adapter: config.adapter === 'none' ? undefined : config.adapter,
    redisUrl: config.redisUrl,
  });
  await backend.listen(config.port, config.host).then((url) => {
    const port = new URL(url).port;
    console.log(`Cell Connection at http://localhost:${port} (${db!.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`);
  });
} catch (error) {
  await backend?.close().catch(() => undefined);
  await db?.close().catch(() => undefined);
  fail((error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? `port ${process.env.PORT ?? 3001} is taken: set PORT to another` : error);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void backend!
      .close()
      .then(() => db!.close())
      .finally(() => process.exit(0));
  });
}
