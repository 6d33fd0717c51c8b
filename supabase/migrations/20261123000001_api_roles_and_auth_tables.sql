-- The roles PostgREST uses, as on hosted Supabase: it connects as `authenticator` and switches to
-- `anon` or `authenticated` for each request, by the role claim of the request's JWT. On Supabase
-- these exist already and every statement here changes nothing.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not pg_has_role('authenticator', 'anon', 'member') then
    grant anon to authenticator;
  end if;
  if not pg_has_role('authenticator', 'authenticated', 'member') then
    grant authenticated to authenticator;
  end if;
end
$$;

-- The local auth API's own tables, beside Supabase's `auth` schema (until now made at start-up):
-- refresh tokens, stored only as SHA-256 hashes, and the throttles' counters, which every server
-- process shares. `anon` and `authenticated` get no usage on local_auth, so nothing a client
-- runs through the data API can read them.
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

-- The table rate-limiter-flexible's PostgreSQL store expects: a key, its points, expiry in ms.
create table if not exists local_auth.rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
