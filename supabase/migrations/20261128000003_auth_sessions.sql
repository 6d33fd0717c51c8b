-- Sessions of the local auth API, as GoTrue keeps them in auth.sessions: one per sign-in. Access
-- tokens carry its id (the `session_id` claim); signing out deletes it, and with it its refresh
-- tokens (a session's tokens are one refresh-token family, whose id is the session's), so the
-- ended session's access tokens are refused where the server checks (/auth/v1/user, the game
-- server's handshake) and its refresh tokens refresh nothing. Like the rest of local_auth, nothing
-- a client runs through the data API can read it. On hosted Supabase (GoTrue's own auth.sessions)
-- the table stays empty.
create table if not exists local_auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null
);
create index if not exists sessions_user on local_auth.sessions (user_id);

-- A browser signed in before sessions existed keeps its sign-in: each family with a live refresh
-- token becomes a session. Families without one had ended (signed out, or expired); their rows
-- only served to notice reuse of a revoked token, which can no longer refresh anything.
insert into local_auth.sessions (id, user_id, created_at)
  select family, min(user_id::text)::uuid, min(created_at)
  from local_auth.refresh_tokens
  where not revoked and expires_at > now()
  group by family
on conflict (id) do nothing;
delete from local_auth.refresh_tokens t
  where not exists (select 1 from local_auth.sessions s where s.id = t.family);

do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'refresh_tokens_session') then
    alter table local_auth.refresh_tokens add constraint refresh_tokens_session
      foreign key (family) references local_auth.sessions (id) on delete cascade;
  end if;
end
$$;
