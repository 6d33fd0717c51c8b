-- A high score is a game that was played (SPEC §7 High Scores). A submission carries its game:
-- the CC1 record and what the computer played with (its seed, and Expert's node budget). It
-- arrives 'pending'; the game server replays it with the engine (server/src/scores) and marks it
-- 'verified' or 'rejected' with the reason. Only verified scores are public: the High Scores read
-- asks for them, and row-level security shows anyone else's score only once verified.
--
-- Scores submitted before records have nothing to replay: they are 'unverified' for good, kept
-- for their players (each still reads their own rows) but shown to nobody else, and counted
-- nowhere (get_user_stats below).

alter table public.game_scores
  add column if not exists record text,
  add column if not exists ai_seed bigint,
  add column if not exists ai_nodes integer,
  -- Existing rows take this default (no record): new rows are forced to 'pending' below.
  add column if not exists status text not null default 'unverified',
  add column if not exists rejection text,
  add column if not exists checked_at timestamptz,
  -- A checker's claim: until then no other node takes the row (a node that dies lets it lapse).
  add column if not exists claimed_until timestamptz,
  add column if not exists check_attempts integer not null default 0;

alter table public.game_scores alter column status set default 'pending';

do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'game_scores_status_known') then
    alter table public.game_scores add constraint game_scores_status_known
      check (status in ('pending', 'verified', 'rejected', 'unverified'));
  end if;
  -- A 16×16 game is 256 moves of at most 3 characters: anything much longer is not a record.
  if not exists (select 1 from pg_constraint where conname = 'game_scores_record_length') then
    alter table public.game_scores add constraint game_scores_record_length
      check (char_length(record) <= 2000);
  end if;
  if not exists (select 1 from pg_constraint where conname = 'game_scores_ai_seed_range') then
    alter table public.game_scores add constraint game_scores_ai_seed_range
      check (ai_seed between 0 and 4294967295);
  end if;
  if not exists (select 1 from pg_constraint where conname = 'game_scores_ai_nodes_range') then
    alter table public.game_scores add constraint game_scores_ai_nodes_range
      check (ai_nodes between 1 and 100000000);
  end if;
end
$$;

-- Every new row waits for its check, whoever writes it; only the checker (the database owner,
-- with no trigger in its way on update) gives the verdict. Clients have no update grant at all.
create or replace function public.game_score_arrives_pending() returns trigger
  language plpgsql set search_path = pg_catalog
  as $$
  begin
    if new.record is null then
      raise exception 'record is required: the game''s record (CC1 …), so that the server can replay it before High Scores shows the score'
        using errcode = '23502';
    end if;
    new.status := 'pending';
    new.rejection := null;
    new.checked_at := null;
    new.claimed_until := null;
    new.check_attempts := 0;
    return new;
  end;
  $$;

drop trigger if exists game_score_arrives_pending on public.game_scores;
create trigger game_score_arrives_pending before insert on public.game_scores
  for each row execute function public.game_score_arrives_pending();

-- Wakes the checkers at once where they listen (PostgreSQL); they poll anyway (hosted Supabase's
-- pooler, PGlite, a missed notification).
create or replace function public.game_scores_notify_pending() returns trigger
  language plpgsql set search_path = pg_catalog
  as $$
  begin
    perform pg_notify('game_scores_pending', '');
    return null;
  end;
  $$;

drop trigger if exists game_scores_notify_pending on public.game_scores;
create trigger game_scores_notify_pending after insert on public.game_scores
  for each statement execute function public.game_scores_notify_pending();

-- One game, one score: the same record against the same level cannot be submitted again under
-- another game id (or by another player) to fill the list with copies of one game.
create unique index if not exists game_scores_one_per_record
  on public.game_scores (md5(record), ai_difficulty) where record is not null;

-- What the checkers look for.
create index if not exists game_scores_pending on public.game_scores (id) where status = 'pending';

-- The High Scores reads (SPEC §7), now of verified rows only.
drop index if exists public.game_scores_ai_board_ranking;
drop index if exists public.game_scores_ai_ranking;
create index if not exists game_scores_verified_board_ranking
  on public.game_scores (opponent_type, scoring_mechanism, board_size, ai_difficulty desc, score desc) where status = 'verified';
create index if not exists game_scores_verified_ranking
  on public.game_scores (opponent_type, ai_difficulty desc, score desc) where status = 'verified';

-- Anyone reads verified scores; a signed-in player also reads their own, whatever their status
-- (the spec's insert-then-select returns the new, pending row).
drop policy if exists "scores are public" on public.game_scores;
drop policy if exists "verified scores are public" on public.game_scores;
create policy "verified scores are public" on public.game_scores for select to anon, authenticated
  using (status = 'verified' or user_id = (select auth.uid()));

-- A player's best score against the AI and their number of AI games: verified games only, the
-- same for the player as for everyone else.
create or replace function public.get_user_stats(user_id uuid)
  returns table (elo_rating integer, games_played integer, games_won integer, win_rate numeric, best_ai_score bigint, ai_games bigint)
  language sql stable
  as $$
    select
      p.elo_rating, p.games_played, p.games_won,
      case when p.games_played > 0 then round(100.0 * p.games_won / p.games_played, 1) else 0 end,
      (select max(s.score) from public.game_scores s where s.user_id = p.id and s.status = 'verified'),
      (select count(*) from public.game_scores s where s.user_id = p.id and s.status = 'verified')
    from public.profiles p
    where p.id = get_user_stats.user_id;
  $$;
