// Composition root of the node server: reads settings, opens the database, starts the backend, listens.
import { loadSecret } from './auth/keys';
import { startBackend, type Backend } from './backend';
import { readConfig } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open';
import { loadEngine } from '../../src/engine/load';
import { within } from './within';
import { logger } from './logger';

/** A set-up problem (a bad setting, no database, a busy port) is one line on stderr and exit 1. */
function fail(error: unknown): never {
  logger.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

let db: Database | undefined;
let backend: Backend | undefined;

/**
 * SIGTERM (a rolling restart waits 15 s) or Ctrl-C: no new commands, what was accepted written
 * within WRITE_WITHIN_MS, clients told to reconnect, and the process gone within EXIT_WITHIN_MS
 * whatever the database does. Exit 0 when every accepted command is written; otherwise 1 and one
 * line saying how many were not (never acknowledged: nothing a player was told happened is lost).
 */
const WRITE_WITHIN_MS = 10_000;
const EXIT_WITHIN_MS = 13_000;
/** Closing the database connections (and stopping the embedded database) after the rest. */
const DATABASE_CLOSE_MS = 2_000;

function exitWith(unwritten: number): never {
  if (unwritten === 0) process.exit(0);
  logger.error(`shutting down with ${unwritten} command(s) not written: the database did not confirm them in time, and their players were not told they were accepted`);
  process.exit(1);
}

async function shutDown(): Promise<never> {
  // Whatever hangs below, the process is gone in time.
  setTimeout(() => exitWith(backend?.games?.unwritten() ?? 0), EXIT_WITHIN_MS);
  await backend?.close(WRITE_WITHIN_MS).catch((error: unknown) => logger.error('stopping the server failed:', (error as Error).message));
  const unwritten = backend?.games?.unwritten() ?? 0;
  await within(db?.close().catch(() => undefined) ?? Promise.resolve(), DATABASE_CLOSE_MS);
  exitWith(unwritten);
}

// Listened for before anything starts: a signal during start-up (a restart right after a deploy)
// stops what has started instead of killing the process with the embedded database in it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutDown());

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
    analyticsOrigins: config.analyticsOrigins,
    restLimits: config.restLimits,
    limits: config.authLimits,
    engine: await loadEngine(),
    nodeId: config.nodeId,
    adapter: config.adapter === 'none' ? undefined : config.adapter,
    redisUrl: config.redisUrl,
  });
  await backend.listen(config.port, config.host).then((url) => {
    const port = new URL(url).port;
    logger.info(`Cell Connection at http://localhost:${port} (${db!.embedded ? 'embedded ' : ''}${db!.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`);
  });
} catch (error) {
  await backend?.close().catch(() => undefined);
  await db?.close().catch(() => undefined);
  fail((error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? `port ${process.env.PORT ?? 3001} is taken: set PORT to another` : error);
}
