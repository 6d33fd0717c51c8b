-- Two accounts change each other's ratings in at most a few games in any 24 hours (the game
-- server counts them in the transaction that writes a rated result, server/src/rooms/results.ts).
-- The pair is looked up in either order of its players, so the index keys it by the lower and
-- the higher id: one range of a few rows instead of every game of either player.
create index if not exists game_results_pair
  on public.game_results (least(player1_id, player2_id), greatest(player1_id, player2_id), created_at);
