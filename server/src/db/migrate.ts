/**
 * Applies supabase/migrations/*.sql in name order, each once: the same files a
 * hosted Supabase project takes. Applied names are kept in public.schema_migrations.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../supabase/migrations', import.meta.url));

/** Applies what is new and returns the names it applied. */
export async function migrate(db: Database, directory = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    'create table if not exists public.schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const done = new Set((await db.query<{ name: string }>('select name from public.schema_migrations')).map((r) => r.name));
  const files = readdirSync(directory).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(`${directory}/${file}`, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into public.schema_migrations (name) values ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}
