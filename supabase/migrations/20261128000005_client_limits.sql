-- Limits per client address on the game server's sockets, shared by every game node
-- (server/src/rooms/client-limits.ts). Nothing here is ever read by a client.

-- Connections per address: each node writes its own counts every second (addresses with at least
-- two connections on it) and reads the other nodes' totals. A node that stops renewing its rows
-- (it died) stops counting once they are older than the leases' time-to-live. Renewed in place
-- every second, as the room leases are: no index but the key, and room on each page to do so.
create table if not exists game_server.address_sockets (
  node_id text not null,
  address text not null,
  sockets integer not null check (sockets > 0),
  renewed_at timestamptz not null,
  primary key (node_id, address)
) with (fillfactor = 50);

-- Public rooms: a room counts against the address and account of the host who made it public,
-- until it is made private again or is gone (its lease row is deleted with it; a claim whose
-- room has no lease row any more is cleared at the next claim).
create table if not exists game_server.public_rooms (
  room_id text primary key,
  address text,
  user_id text,
  made_at timestamptz not null default now()
);
create index if not exists public_rooms_address on game_server.public_rooms (address) where address is not null;
create index if not exists public_rooms_user on game_server.public_rooms (user_id) where user_id is not null;

-- Quick play: the address of a player in the pool (its limit key; null when not limited), for
-- the no-shows below.
alter table game_server.quick_play_pool add column if not exists address text;

-- A paired player who did not come into the room: kept out of the pool for a while (their socket
-- and account at once, their address after a few). Times are the pool's (epoch milliseconds).
create table if not exists game_server.quick_play_no_shows (
  socket_id text not null,
  user_id text,
  address text,
  at_ms bigint not null
);
create index if not exists quick_play_no_shows_socket on game_server.quick_play_no_shows (socket_id);
create index if not exists quick_play_no_shows_user on game_server.quick_play_no_shows (user_id) where user_id is not null;
create index if not exists quick_play_no_shows_address on game_server.quick_play_no_shows (address) where address is not null;

-- The waiting time of a player whose opponent never came, kept for their return to the pool.
create table if not exists game_server.quick_play_returns (
  socket_id text primary key,
  board_size integer not null,
  time_control text not null,
  since_ms bigint not null,
  until_ms bigint not null
);

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on game_server.address_sockets, game_server.public_rooms, game_server.quick_play_no_shows, game_server.quick_play_returns from anon, authenticated';
  end if;
end $$;
