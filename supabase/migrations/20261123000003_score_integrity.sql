-- What a client may write to game_scores, checked by the database itself, so it holds whoever
-- serves the data API (our PostgREST or hosted Supabase's). Row-level security already makes a
-- player write only their own rows; this makes those rows true:
--   * the name is the player's profile name, whatever the client sends;
--   * the time is the server's;
--   * scores fit the board (public.max_score, 20261123000002);
--   * a game against the AI names its difficulty;
--   * each finished game is submitted once (a game id from the client, unique per player);
--   * a few submissions a minute per player at most.
-- Constraints are NOT VALID: rows written before them stay as they are; every new row is checked.

-- Clients read, and insert their own scores; nothing else. Hosted Supabase grants every table in
-- public to anon and authenticated by default: these say what this game allows, wherever it runs.
revoke insert, update, delete, truncate, references, trigger on public.profiles, public.game_results from anon, authenticated;
revoke update, delete, truncate, references, trigger on public.game_scores from anon, authenticated;
revoke insert on public.game_scores from anon;

alter table public.game_scores add column if not exists game_id text;

create unique index if not exists game_scores_one_per_game on public.game_scores (user_id, game_id);

do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'game_scores_game_id_format') then
    alter table public.game_scores add constraint game_scores_game_id_format
      check (game_id ~ '^[A-Za-z0-9_-]{1,64}$') not valid;
  end if;
  if not exists (select 1 from pg_constraint where conname = 'game_scores_score_within_board') then
    alter table public.game_scores add constraint game_scores_score_within_board
      check (score <= public.max_score(board_size, scoring_mechanism)) not valid;
  end if;
  if not exists (select 1 from pg_constraint where conname = 'game_scores_opponent_score_within_board') then
    alter table public.game_scores add constraint game_scores_opponent_score_within_board
      check (opponent_score <= public.max_score(board_size, scoring_mechanism)) not valid;
  end if;
  if not exists (select 1 from pg_constraint where conname = 'game_scores_ai_game_names_difficulty') then
    alter table public.game_scores add constraint game_scores_ai_game_names_difficulty
      check ((opponent_type = 'ai') = (ai_difficulty is not null)) not valid;
  end if;
  if not exists (select 1 from pg_constraint where conname = 'game_scores_duration_within_a_day') then
    alter table public.game_scores add constraint game_scores_duration_within_a_day
      check (game_duration <= 86400) not valid;
  end if;
end
$$;

-- At most this many scores per player per minute.
create or replace function public.score_submissions_per_minute() returns integer
  language sql immutable
  as $$ select 5 $$;

create or replace function public.prepare_game_score() returns trigger
  language plpgsql security definer set search_path = public, pg_temp
  as $$
  declare
    recent integer;
  begin
    select p.username into new.username from public.profiles p where p.id = new.user_id;
    if new.username is null then
      raise exception 'No profile for user %', new.user_id using errcode = '23503';
    end if;
    new.created_at := now();
    if new.game_id is null then
      raise exception 'game_id is required: the id of the finished game, so it is counted once'
        using errcode = '23502';
    end if;
    -- Concurrent submissions of one player wait here, so each counts the ones before it.
    perform pg_advisory_xact_lock(hashtext('game_scores:' || new.user_id::text));
    select count(*) into recent from public.game_scores s
      where s.user_id = new.user_id and s.created_at > now() - interval '1 minute';
    if recent >= public.score_submissions_per_minute() then
      -- PostgREST answers SQLSTATE PGRST with the status and headers given in the detail.
      raise sqlstate 'PGRST' using
        message = json_build_object(
          'code', 'too_many_scores',
          'message', format('Too many scores submitted: at most %s a minute', public.score_submissions_per_minute()),
          'details', null,
          'hint', 'Try again in a minute')::text,
        detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', '60'))::text;
    end if;
    return new;
  end;
  $$;

drop trigger if exists prepare_game_score on public.game_scores;
create trigger prepare_game_score before insert on public.game_scores
  for each row execute function public.prepare_game_score();

-- The reads the leaderboard makes: High Scores (SPEC §7) with and without its filters.
create index if not exists game_scores_ai_board_ranking
  on public.game_scores (opponent_type, scoring_mechanism, board_size, ai_difficulty desc, score desc);
create index if not exists game_scores_ai_ranking
  on public.game_scores (opponent_type, ai_difficulty desc, score desc);

-- New profiles' names: trimmed, NFKC, no control or invisible characters, 1 to 20 characters
-- (the lobby's limit), else the e-mail's local part cut to 20. The auth API refuses bad names
-- with a message first; this holds for any auth server.
create or replace function public.handle_new_user() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  declare
    wanted text := normalize(trim(coalesce(new.raw_user_meta_data ->> 'username', '')), NFKC);
  begin
    if wanted = '' or char_length(wanted) > 20
       or wanted ~ '[[:cntrl:]\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]' then
      wanted := left(regexp_replace(split_part(new.email, '@', 1), '[[:cntrl:]]', '', 'g'), 20);
    end if;
    insert into public.profiles (id, username) values (new.id, coalesce(nullif(wanted, ''), 'player'));
    return new;
  end;
  $$;

do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'profiles_username_length') then
    alter table public.profiles add constraint profiles_username_length
      check (char_length(username) between 1 and 20) not valid;
  end if;
end
$$;
