/** The server's database: PostgreSQL when DATABASE_URL is set, else PGlite in ./data/pg; migrated. */
import { fileURLToPath } from 'node:url';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export const DEFAULT_PGLITE_DIR = fileURLToPath(new URL('../../../data/pg', import.meta.url));

export async function openDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  const db = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(env.PGLITE_DIR || DEFAULT_PGLITE_DIR);
  await migrate(db);
  return db;
}
