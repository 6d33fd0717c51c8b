-- Quick play: players looking for an opponent, shared by every game node. An entry is
-- a socket of the node it is connected to; that node takes it out when the player cancels, enters
-- a room or drops, and keeps its entries alive (expires_at, renewed every second, as the room
-- leases are): the entries of a node that died lapse within seconds, so nobody is ever paired
-- with a ghost. Pairing takes both entries out in one transaction under an advisory lock
-- (server/src/rooms/pool-store.ts), so two nodes never pair the same player twice.
create table if not exists game_server.quick_play_pool (
  socket_id text primary key,
  node text not null,
  username text not null,
  -- The signed-in player's user id and their rating when they entered; null when anonymous.
  user_id text,
  rating integer,
  board_size integer not null check (board_size in (6, 8, 10)),
  time_control text not null check (time_control in ('untimed', '1+1', '3+2', '5+3', '10+5')),
  -- When the player entered (epoch milliseconds of the node's clock): the rating band widens with it.
  since_ms bigint not null,
  expires_at timestamptz not null
);
create index if not exists quick_play_pool_node on game_server.quick_play_pool (node);

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on game_server.quick_play_pool from anon, authenticated';
  end if;
end $$;
