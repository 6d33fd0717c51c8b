-- Several game nodes share one PostgreSQL. Each open room has exactly one owner at a
-- time: the node holding its lease. The owner renews its leases every second; a node that stops
-- renewing (killed, stalled, cut off) loses them when they expire, and a surviving node takes the
-- room over from its log. Every write of a room's log carries the lease's fence, and only a
-- write whose fence is the lease's current one goes in: a node that lost a room cannot write it.
create table if not exists game_server.room_leases (
  room_id text primary key,
  -- The room's code while it is open: unique across every node (null for a room logged before
  -- leases existed, until its owner has rebuilt it).
  code text unique,
  owner text not null,
  fence bigint not null default 1,
  expires_at timestamptz not null
);
create index if not exists room_leases_owner on game_server.room_leases (owner);
create index if not exists room_leases_expires_at on game_server.room_leases (expires_at);

-- The socket.io PostgreSQL adapter (events between nodes over LISTEN/NOTIFY) keeps payloads too
-- big for a NOTIFY (8000 bytes) here for a moment (server/src/rooms/adapter.ts).
create table if not exists game_server.socket_io_attachments (
  id bigserial unique,
  created_at timestamptz default now(),
  payload bytea
);

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on game_server.room_leases, game_server.socket_io_attachments from anon, authenticated';
  end if;
end $$;
