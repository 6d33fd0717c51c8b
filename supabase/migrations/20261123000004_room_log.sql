-- Online rooms survive a crash. The game server appends every accepted command of a
-- room to its log before acknowledging it, and rebuilds every open room from it on start-up
-- (from the latest snapshot when there is one). Private to the game server: no API role may
-- read it (rejoin tokens are stored only as sha256 hashes, inside the commands).
create schema if not exists game_server;
revoke all on schema game_server from public;

create table if not exists game_server.room_log (
  room_id text not null,
  seq integer not null check (seq > 0),
  command jsonb not null,
  at timestamptz not null,
  primary key (room_id, seq)
);

-- A room's whole state as of `seq` (the game itself is rebuilt from its moves): replay starts
-- after it, and the log before it is deleted in the same transaction.
create table if not exists game_server.room_snapshots (
  room_id text primary key,
  seq integer not null,
  state jsonb not null,
  at timestamptz not null
);

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on all tables in schema game_server from anon, authenticated';
  end if;
end $$;
