/**
 * The API's own table, beside Supabase's `auth` schema: refresh tokens, stored only as
 * SHA-256 hashes. `anon` and `authenticated` get no usage on `local_auth`, so nothing the
 * data API runs as a client can read it.
 */
import type { Database } from '../db/database';

const SCHEMA_SQL = `
create schema if not exists local_auth;
revoke all on schema local_auth from public;
create table if not exists local_auth.refresh_tokens (
  id bigserial primary key,
  token_hash text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- Every token rotated from one sign-in shares its family: reuse of a revoked token revokes it whole.
  family uuid not null,
  parent_id bigint references local_auth.refresh_tokens (id) on delete set null,
  revoked boolean not null default false,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index if not exists refresh_tokens_user on local_auth.refresh_tokens (user_id);
create index if not exists refresh_tokens_family on local_auth.refresh_tokens (family);
`;

/** Creates the schema and table if missing; safe to run on every start and concurrently. */
export async function ensureAuthSchema(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Two servers starting on one PostgreSQL must not race on `create ... if not exists`.
    await tx.query('select pg_advisory_xact_lock(4242001)');
    await tx.exec(SCHEMA_SQL);
  });
}
