/** The server's database: PostgreSQL when DATABASE_URL is set, else PGlite in ./data/pg; migrated. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

/** PGlite lives in DATA_DIR/pg (./data/pg by default). */
export async function openDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  const pgliteDir = join(env.DATA_DIR || DEFAULT_DATA_DIR, 'pg');
  const db = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(pgliteDir);
  await migrate(db);
  return db;
}
