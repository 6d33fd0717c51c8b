-- Open games. A public room waiting for an opponent is listed in every node's lobby.
-- Its owner (the node holding the room's lease) writes the listing here after each step that
-- changes it; every node reads the newest listings about once a second and pushes them to its
-- lobby's sockets. The listing lives with the lease: a room that is gone takes it with its row,
-- a lease that lapses (its node died) hides it, and the node that takes the room over starts
-- it afresh (the claim clears it; the new owner writes it again once the host is back).
alter table game_server.room_leases
  -- What a lobby may show of the room (code, host's name, settings): never a player id or token.
  add column if not exists listing jsonb,
  -- When the room was last listed (newest first; the lobby shows the newest 50).
  add column if not exists listed_at timestamptz,
  -- The host's account, for their rating in the list; null when the host is anonymous.
  add column if not exists host_user_id uuid;

create index if not exists room_leases_listed on game_server.room_leases (listed_at desc) where listing is not null;
