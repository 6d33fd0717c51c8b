-- A rated game keeps its moves: game_results.record is the game's one-line record (CC1, as
-- "Copy game" writes it: "CC1 8x8 connection: c3 d4 … 1-0"), so a player's profile opens the
-- replay and review of each of their games.
--
-- Only the game server writes game_results (as the owner, server/src/rooms/store/rated-results.ts); clients
-- read it (RLS "results are public") and may not write it (20261123000003): the new column falls
-- under the same grants. The record is bounded like the client's reader bounds it (a 16×16 game is
-- 256 moves of at most 3 characters), and it must start with the tag.
--
-- Games stored before this migration were kept without their moves: their record is null, and the
-- profile says "No record to replay". Every row already stored is kept.
alter table public.game_results add column if not exists record text;
alter table public.game_results drop constraint if exists game_results_record_shape;
alter table public.game_results add constraint game_results_record_shape
  check (record is null or (record like 'CC1 %' and length(record) <= 2000));
