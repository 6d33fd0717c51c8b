/**
 * The embedded database in DATA_DIR, migrated and supervised: Debian's PostgreSQL by default
 * (every client its own session, statement time-outs that hold), or PGlite where PostgreSQL is
 * not installed or EMBEDDED_DATABASE=pglite asks for it. One server per data folder.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { lowerDataApiSessions, type DataApiSessions } from './data-api-sessions';
import type { Database } from './database';
import { lockDataDir } from './data-dir-lock';
import type { KeptProcess } from './keeper';
import { startEmbeddedPostgres } from './embedded-postgres';
import { migrate } from './migrate';
import { startPglite } from './pglite';
import { importPglite } from './pglite-import';
import { connectPool } from './pool';
import { findPostgresBin } from './postgres-server';
import { superviseDatabase } from './supervisor';

export type EmbeddedKind = Database['kind'];

/** Where each keeps its data inside DATA_DIR. */
export const EMBEDDED_FOLDER: Record<EmbeddedKind, string> = { postgres: 'postgres', pglite: 'pg' };
/** PGlite's folder once its rows are in PostgreSQL: kept, not deleted, in case the operator wants it. */
export const MOVED_PGLITE_FOLDER = 'pg.migrated-to-postgres';

/**
 * EMBEDDED_DATABASE, or else PostgreSQL where it is installed (or where DATA_DIR already holds its
 * data, so that a missing package is an error rather than an empty PGlite), else PGlite, with one
 * line saying so.
 */
export function embeddedKind(env: NodeJS.ProcessEnv, dataDir: string, log: (line: string) => void, installed = findPostgresBin() !== undefined): EmbeddedKind {
  const asked = env.EMBEDDED_DATABASE;
  if (asked === 'postgres' || asked === 'pglite') return asked;
  if (asked) throw new Error(`EMBEDDED_DATABASE must be postgres or pglite, not ${JSON.stringify(asked)}`);
  if (installed || existsSync(join(dataDir, EMBEDDED_FOLDER.postgres))) return 'postgres';
  log("database: Debian's PostgreSQL is not installed (apt-get install postgresql): the embedded database is PGlite, one session for every client");
  return 'pglite';
}

export function embeddedDescription(kind: EmbeddedKind, dataDir: string): string {
  return `embedded ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} in ${join(dataDir, EMBEDDED_FOLDER[kind])} (DATA_DIR)`;
}

export interface OpenedEmbedded {
  db: Database;
  /** The libpq URI PostgREST connects with (as `authenticator`), through the socket. */
  restUrl: string;
  /** Its process, kept running: its pid for tests and benchmarks. */
  server: KeptProcess;
}

export async function openEmbedded(kind: EmbeddedKind, dataDir: string, log: (line: string) => void): Promise<OpenedEmbedded> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const server = kind === 'postgres' ? await startPostgresIn(dataDir, log) : await startPglite({ dataDir, log });
    const supervisor = superviseDatabase(server, { log });
    let dataApi: DataApiSessions | undefined;
    const db = await connectPool(server.url('postgres'), {
      kind,
      embedded: true,
      description: embeddedDescription(kind, dataDir),
      availability: supervisor,
      onClose: async () => {
        supervisor.stop();
        dataApi?.stop();
        await server.stop();
        release();
      },
    });
    try {
      await migrate(db);
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
    supervisor.watch(db.pool);
    // PGlite is one process: its sessions cannot be told apart.
    if (kind === 'postgres') dataApi = lowerDataApiSessions(db.pool);
    return { db, restUrl: server.url('authenticator'), server };
  } catch (error) {
    release();
    throw error;
  }
}

/** PostgreSQL in DATA_DIR; on its first start, migrated and given the rows of an older PGlite there. */
async function startPostgresIn(dataDir: string, log: (line: string) => void) {
  const pglite = join(dataDir, EMBEDDED_FOLDER.pglite);
  const hasPglite = existsSync(join(pglite, 'PG_VERSION'));
  let moved: { tables: number; rows: number } | undefined;
  const server = await startEmbeddedPostgres({
    dataDir,
    log,
    initialise: async (url) => {
      const db = await connectPool(url('postgres'), { kind: 'postgres', description: 'the new embedded PostgreSQL' });
      try {
        await migrate(db);
        if (hasPglite) moved = await importPglite(dataDir, db, log).catch((error: Error) => {
          throw new Error(`moving PGlite's rows into PostgreSQL failed (${error.message}); ${pglite} keeps every row, and EMBEDDED_DATABASE=pglite runs on it meanwhile`, { cause: error });
        });
      } finally {
        await db.close();
      }
    },
  });
  if (moved) {
    const aside = existsSync(join(dataDir, MOVED_PGLITE_FOLDER)) ? join(dataDir, `${MOVED_PGLITE_FOLDER}-${Date.now()}`) : join(dataDir, MOVED_PGLITE_FOLDER);
    renameSync(pglite, aside);
    log(`database: ${moved.rows} rows of ${moved.tables} tables moved from PGlite into the embedded PostgreSQL in ${join(dataDir, EMBEDDED_FOLDER.postgres)}; PGlite's folder is kept as ${aside} (delete it once you no longer need it)`);
  } else if (hasPglite) {
    log(`database: ${pglite} holds a PGlite database that this server does not use: the embedded PostgreSQL in ${join(dataDir, EMBEDDED_FOLDER.postgres)} is in use`);
  }
  return server;
}
