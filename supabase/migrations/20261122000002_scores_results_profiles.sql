-- Cell Connection's data: profiles, AI game scores, competitive results, with
-- row-level security and the leaderboard functions (SPEC §3, §6, §7).

create table if not exists public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null check (char_length(username) between 1 and 50),
  created_at timestamptz not null default now(),
  elo_rating integer not null default 1200,
  games_played integer not null default 0 check (games_played >= 0),
  games_won integer not null default 0 check (games_won >= 0)
);

create table if not exists public.game_scores (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  username text not null check (char_length(username) between 1 and 50),
  score bigint not null check (score > 0),
  opponent_score bigint check (opponent_score >= 0),
  board_size integer not null check (board_size in (6, 8, 10)),
  scoring_mechanism text not null check (scoring_mechanism in ('connection', 'expansion', 'extension')),
  game_duration integer not null default 0 check (game_duration >= 0),
  opponent_type text not null check (opponent_type in ('ai', 'human')),
  ai_difficulty text check (ai_difficulty in ('easy', 'medium', 'hard', 'expert')),
  created_at timestamptz not null default now()
);

create table if not exists public.game_results (
  id bigint generated always as identity primary key,
  player1_id uuid not null references auth.users (id) on delete cascade,
  player2_id uuid not null references auth.users (id) on delete cascade,
  player1_score bigint not null,
  player2_score bigint not null,
  -- Empty means a draw.
  winner_id uuid references auth.users (id) on delete set null,
  scoring_mechanism text not null,
  board_size integer not null,
  created_at timestamptz not null default now(),
  player1_elo_before integer not null,
  player1_elo_after integer not null,
  player2_elo_before integer not null,
  player2_elo_after integer not null
);

create index if not exists game_scores_board on public.game_scores (opponent_type, scoring_mechanism, board_size);
create index if not exists game_results_created on public.game_results (created_at desc);
create index if not exists game_results_player1 on public.game_results (player1_id);
create index if not exists game_results_player2 on public.game_results (player2_id);

-- Every new user gets a profile; the name defaults to the e-mail's local part.
create or replace function public.handle_new_user() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    insert into public.profiles (id, username)
    values (
      new.id,
      left(coalesce(nullif(trim(new.raw_user_meta_data ->> 'username'), ''), split_part(new.email, '@', 1)), 50)
    );
    return new;
  end;
  $$;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- Row-level security: anyone reads leaderboards and public names; a signed-in
-- user inserts only their own scores; nobody writes results or ratings from a client.
alter table public.profiles enable row level security;
alter table public.game_scores enable row level security;
alter table public.game_results enable row level security;

drop policy if exists "profiles are public" on public.profiles;
create policy "profiles are public" on public.profiles for select to anon, authenticated using (true);

drop policy if exists "scores are public" on public.game_scores;
create policy "scores are public" on public.game_scores for select to anon, authenticated using (true);

drop policy if exists "players insert their own scores" on public.game_scores;
create policy "players insert their own scores" on public.game_scores for insert to authenticated
  with check (user_id = auth.uid());

drop policy if exists "results are public" on public.game_results;
create policy "results are public" on public.game_results for select to anon, authenticated using (true);

grant usage on schema public to anon, authenticated;
grant select on public.profiles, public.game_scores, public.game_results to anon, authenticated;
grant insert on public.game_scores to authenticated;

-- The ELO leaderboard: players with at least one rated game, best first.
create or replace function public.get_elo_leaderboard(limit_rows integer default 100)
  returns table (rank bigint, user_id uuid, username text, elo_rating integer, win_rate numeric, games_played integer)
  language sql stable
  as $$
    select
      row_number() over (order by p.elo_rating desc, p.games_won desc, p.created_at) as rank,
      p.id, p.username, p.elo_rating,
      round(100.0 * p.games_won / p.games_played, 1) as win_rate,
      p.games_played
    from public.profiles p
    where p.games_played > 0
    order by p.elo_rating desc, p.games_won desc, p.created_at
    limit greatest(0, least(coalesce(limit_rows, 100), 1000));
  $$;

-- A player's totals: rating, games, wins, win rate, and their best score against the AI.
create or replace function public.get_user_stats(user_id uuid)
  returns table (elo_rating integer, games_played integer, games_won integer, win_rate numeric, best_ai_score bigint, ai_games bigint)
  language sql stable
  as $$
    select
      p.elo_rating, p.games_played, p.games_won,
      case when p.games_played > 0 then round(100.0 * p.games_won / p.games_played, 1) else 0 end,
      (select max(s.score) from public.game_scores s where s.user_id = p.id),
      (select count(*) from public.game_scores s where s.user_id = p.id)
    from public.profiles p
    where p.id = get_user_stats.user_id;
  $$;

-- A player's competitive games, newest first.
create or replace function public.get_user_game_history(user_id uuid, limit_rows integer default 20)
  returns setof public.game_results
  language sql stable
  as $$
    select * from public.game_results r
    where r.player1_id = get_user_game_history.user_id or r.player2_id = get_user_game_history.user_id
    order by r.created_at desc
    limit greatest(0, least(coalesce(limit_rows, 20), 200));
  $$;

-- FIDE's K-factor: 40 for a player's first 30 games, 20 after, 10 from a rating of 2400.
create or replace function public.elo_k_factor(games_played integer, elo_rating integer) returns integer
  language sql immutable
  as $$
    select case when elo_rating >= 2400 then 10 when games_played < 30 then 40 else 20 end;
  $$;

-- A rating after one game: score is 1 for a win, 0.5 for a draw, 0 for a loss.
create or replace function public.elo_after(rating integer, opponent integer, score numeric, k integer) returns integer
  language sql immutable
  as $$
    select round(rating + k * (score - 1.0 / (1.0 + power(10.0, (opponent - rating) / 400.0))))::integer;
  $$;

grant execute on function public.get_elo_leaderboard(integer) to anon, authenticated;
grant execute on function public.get_user_stats(uuid) to anon, authenticated;
grant execute on function public.get_user_game_history(uuid, integer) to anon, authenticated;
grant execute on function public.elo_k_factor(integer, integer) to anon, authenticated;
grant execute on function public.elo_after(integer, integer, numeric, integer) to anon, authenticated;
