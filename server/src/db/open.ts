/**
 * The server's database, migrated: PostgreSQL when DATABASE_URL is set, else the embedded database
 * in DATA_DIR (embedded.ts). One that cannot be opened is retried with back-off, one line per
 * attempt naming what was tried, then the start fails with that line: no stack trace.
 */
import { fileURLToPath } from 'node:url';
import type { Database } from './database';
import { embeddedDescription, embeddedKind, openEmbedded } from './embedded';
import { migrate } from './migrate';
import { connectPool, redactUrl } from './pool';

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

export class DatabaseStartError extends Error {}

export interface OpenOptions {
  attempts?: number;
  /** First wait between attempts; it doubles each time. */
  backoffMs?: number;
  log?: (line: string) => void;
}

/** The libpq URI PostgREST connects with, as Supabase's `authenticator` role. */
export function authenticatorUrl(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.PGRST_DB_URI) return env.PGRST_DB_URI;
  const url = new URL(databaseUrl);
  url.username = 'authenticator';
  url.password = env.AUTHENTICATOR_PASSWORD ?? '';
  return url.toString();
}

export async function openDatabase(env: NodeJS.ProcessEnv = process.env, options: OpenOptions = {}): Promise<{ db: Database; restUrl: string }> {
  const { attempts = Number(env.DATABASE_CONNECT_ATTEMPTS) || 5, backoffMs = 500, log = (line) => console.error(line) } = options;
  const databaseUrl = env.DATABASE_URL;
  const dataDir = env.DATA_DIR || DEFAULT_DATA_DIR;
  let kind: ReturnType<typeof embeddedKind> | undefined;
  try {
    kind = databaseUrl ? undefined : embeddedKind(env, dataDir, log);
  } catch (error) {
    throw new DatabaseStartError(`database: ${(error as Error).message}`);
  }
  const target = kind ? embeddedDescription(kind, dataDir) : `PostgreSQL at ${redactUrl(databaseUrl!)} (DATABASE_URL)`;

  for (let attempt = 1; ; attempt++) {
    try {
      if (kind) {
        const { db, restUrl } = await openEmbedded(kind, dataDir, log);
        return { db, restUrl };
      }
      const db = await connectPool(databaseUrl!, { kind: 'postgres', description: target });
      await migrateOrClose(db);
      return { db, restUrl: authenticatorUrl(databaseUrl!, env) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt >= attempts) throw new DatabaseStartError(`database: cannot open ${target}: ${reason}; gave up after ${attempts} attempts`);
      const wait = backoffMs * 2 ** (attempt - 1);
      log(`database: cannot open ${target}: ${reason}; retrying in ${wait} ms`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function migrateOrClose(db: Database): Promise<void> {
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
