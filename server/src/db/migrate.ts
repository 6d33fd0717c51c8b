/**
 * Applies supabase/migrations/*.sql in name order, each once: the same files a
 * hosted Supabase project takes. Applied names are kept in local_meta.schema_migrations:
 * outside `public`, which the data API exposes (and which hosted Supabase grants to clients).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../supabase/migrations', import.meta.url));

/** Applies what is new and returns the names it applied. */
export async function migrate(db: Database, directory = MIGRATIONS_DIR): Promise<string[]> {
  await db.transaction(async (tx) => {
    // Two servers starting on one PostgreSQL must not race on `create ... if not exists`.
    await tx.query('select pg_advisory_xact_lock(4242001)');
    await tx.exec(`
      create schema if not exists local_meta;
      revoke all on schema local_meta from public;
      do $$ begin
        -- Kept in public before: moved out of the data API's reach.
        if to_regclass('public.schema_migrations') is not null and to_regclass('local_meta.schema_migrations') is null then
          alter table public.schema_migrations set schema local_meta;
        end if;
      end $$;
      create table if not exists local_meta.schema_migrations (name text primary key, applied_at timestamptz not null default now());
    `);
  });
  const done = new Set((await db.query<{ name: string }>('select name from local_meta.schema_migrations')).map((r) => r.name));
  const files = readdirSync(directory).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(`${directory}/${file}`, 'utf8');
    const ran = await db.transaction(async (tx) => {
      // Under the lock, and checked again: another server may have applied it meanwhile.
      await tx.query('select pg_advisory_xact_lock(4242001)');
      if ((await tx.query('select 1 from local_meta.schema_migrations where name = $1', [file])).length > 0) return false;
      await tx.exec(sql);
      await tx.query('insert into local_meta.schema_migrations (name) values ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
