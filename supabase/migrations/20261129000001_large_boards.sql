-- Large boards: 12×12, 14×14 and 16×16 join 6, 8 and 10 (SPEC §5: a side of 6 to 16, even), and
-- scores are exact at every size.
--
-- Scores become numeric. A full 16×16 board scores up to 2^96 in expansion (docs/exact-scores.md),
-- far past bigint's 2^63 − 1; numeric holds every digit, and still sorts as a number. A score is a
-- whole number of at least 0 (a high score at least 1, as before). The data API sends numeric as a
-- JSON number, which a browser would round past 2^53: the client asks PostgREST for `score::text`
-- (a cast in `select`), and the functions below answer scores as text, so every digit arrives.
--
-- The score bounds (public.max_score, 20261123000002) are extended to 12/14/16 by the same
-- reasoning as before: a player owns at most ceil(n²/2) cells (the players alternate; every board
-- offered has an even number of cells), a group of s cells has at most E(s) = 2s − ceil(2·sqrt(s))
-- adjacent pairs, so a group is worth at most s (connection), max(1, 2·E(s)) (expansion) or
-- max(1, E(s)) (extension), and a score is at most the best product of those over a partition of
-- the player's cells (the same dynamic programme). The best per cell is a triple in connection
-- (3 per 3 cells), a 2×2 square in expansion (8 per 4 cells) and in extension (4 per 4 cells):
--   n   cells  connection                      expansion                               extension
--   12  72     282429536481 (3^24)             18014398509481984 (2^54)                68719476736 (2^36)
--   14  98     3706040377703682 (3^32·2)       9444732965739290427392 (2^73)           492581209243648 (7·4^23)
--   16  128    218837978263024718418 (3^42·2)  79228162514264337593543950336 (2^96)    18446744073709551616 (2^64)
-- The old function capped its answer at the largest bigint (four of these pass it); it now answers
-- numeric, uncapped, so each bound is exact. The dynamic programme is the same; it runs only for
-- the inserted row's size, at most 128 cells (about 8,000 steps).
--
-- Applies on PGlite, PostgreSQL and hosted Supabase, once; every row already stored is kept
-- (bigint to numeric loses nothing; the bounds only grew, so every row that met them still does).

-- The checks that call max_score go while it is replaced (its answer's type changes), and come back.
alter table public.game_scores drop constraint if exists game_scores_score_within_board;
alter table public.game_scores drop constraint if exists game_scores_opponent_score_within_board;

drop function if exists public.max_score(integer, text);

create function public.max_score(board_size integer, scoring_mechanism text)
  returns numeric
  language plpgsql
  immutable
  parallel safe
  set search_path = pg_catalog
  as $$
  declare
    k integer;        -- cells per player; the loop counters s and j are declared by their loops
    pairs integer;   -- E(s)
    c integer;       -- ceil(2·sqrt(s)): the least c with c² ≥ 4s
    fmax numeric[];
    best numeric[];
    candidate numeric;
  begin
    if board_size is null or board_size < 2 or board_size > 16
       or scoring_mechanism is null
       or scoring_mechanism not in ('connection', 'expansion', 'extension') then
      return null;
    end if;

    k := (board_size * board_size + 1) / 2;

    -- fmax(s) for s = 1..k, in whole numbers only (no floating-point rounding).
    fmax := array_fill(0::numeric, array[k]);
    for s in 1..k loop
      c := floor(sqrt(4 * s))::integer;
      while c * c < 4 * s loop c := c + 1; end loop;
      while c > 0 and (c - 1) * (c - 1) >= 4 * s loop c := c - 1; end loop;
      pairs := 2 * s - c;
      fmax[s] := case scoring_mechanism
        when 'connection' then s
        when 'expansion' then greatest(1, 2 * pairs)
        else greatest(1, pairs)
      end;
    end loop;

    -- best[j + 1] holds best[j] (plpgsql arrays here start at 1).
    best := array_fill(0::numeric, array[k + 1]);
    best[1] := 1;
    for j in 1..k loop
      for s in 1..j loop
        candidate := fmax[s] * best[j - s + 1];
        if candidate > best[j + 1] then
          best[j + 1] := candidate;
        end if;
      end loop;
    end loop;

    return best[k + 1];
  end;
  $$;

comment on function public.max_score(integer, text) is
  'Upper bound on one player''s score on a board_size × board_size board under a scoring mechanism, exact (null if unknown).';

grant execute on function public.max_score(integer, text) to anon, authenticated;

-- Scores: numeric, whole, at least 0.
alter table public.game_scores alter column score type numeric using score::numeric;
alter table public.game_scores alter column opponent_score type numeric using opponent_score::numeric;
alter table public.game_results alter column player1_score type numeric using player1_score::numeric;
alter table public.game_results alter column player2_score type numeric using player2_score::numeric;

-- Board sizes: 6 to 16, even (SPEC §5). The first migration's checks were written inline (6, 8, 10).
alter table public.game_scores drop constraint if exists game_scores_board_size_check;
alter table game_server.quick_play_pool drop constraint if exists quick_play_pool_board_size_check;

alter table public.game_scores add constraint game_scores_score_whole check (score = trunc(score));
alter table public.game_scores add constraint game_scores_opponent_score_whole check (opponent_score = trunc(opponent_score));
alter table public.game_scores add constraint game_scores_board_size_6_to_16_even
  check (board_size between 6 and 16 and board_size % 2 = 0);
alter table public.game_scores add constraint game_scores_score_within_board
  check (score <= public.max_score(board_size, scoring_mechanism));
alter table public.game_scores add constraint game_scores_opponent_score_within_board
  check (opponent_score <= public.max_score(board_size, scoring_mechanism));

-- Results are written by the game server only, so every stored row already keeps these rules
-- (rooms have always taken 6, 8 or 10, and the engine's scores are whole and at least 0): they are
-- checked for every row at once. A database holding a row written otherwise keeps it, and checks
-- every new row (the rule then stays NOT VALID rather than the migration failing).
alter table public.game_results add constraint game_results_scores_whole
  check (player1_score >= 0 and player2_score >= 0 and player1_score = trunc(player1_score) and player2_score = trunc(player2_score)) not valid;
alter table public.game_results add constraint game_results_board_size_6_to_16_even
  check (board_size between 6 and 16 and board_size % 2 = 0) not valid;
do $$
begin
  if not exists (select 1 from public.game_results
                  where not (player1_score >= 0 and player2_score >= 0 and player1_score = trunc(player1_score) and player2_score = trunc(player2_score))) then
    alter table public.game_results validate constraint game_results_scores_whole;
  end if;
  if not exists (select 1 from public.game_results where not (board_size between 6 and 16 and board_size % 2 = 0)) then
    alter table public.game_results validate constraint game_results_board_size_6_to_16_even;
  end if;
end
$$;

alter table game_server.quick_play_pool add constraint quick_play_pool_board_size_6_to_16_even
  check (board_size between 6 and 16 and board_size % 2 = 0);

-- A player's totals: their best verified score against the AI as text (every digit).
drop function if exists public.get_user_stats(uuid);
create function public.get_user_stats(user_id uuid)
  returns table (elo_rating integer, games_played integer, games_won integer, win_rate numeric, best_ai_score text, ai_games bigint)
  language sql stable
  as $$
    select
      p.elo_rating, p.games_played, p.games_won,
      case when p.games_played > 0 then round(100.0 * p.games_won / p.games_played, 1) else 0 end,
      (select max(s.score)::text from public.game_scores s where s.user_id = p.id and s.status = 'verified'),
      (select count(*) from public.game_scores s where s.user_id = p.id and s.status = 'verified')
    from public.profiles p
    where p.id = get_user_stats.user_id;
  $$;
grant execute on function public.get_user_stats(uuid) to anon, authenticated;

-- A player's competitive games, newest first: game_results' columns, the scores as text.
drop function if exists public.get_user_game_history(uuid, integer);
create function public.get_user_game_history(user_id uuid, limit_rows integer default 20)
  returns table (
    id bigint, player1_id uuid, player2_id uuid, player1_score text, player2_score text, winner_id uuid,
    scoring_mechanism text, board_size integer, created_at timestamptz,
    player1_elo_before integer, player1_elo_after integer, player2_elo_before integer, player2_elo_after integer
  )
  language sql stable
  as $$
    select r.id, r.player1_id, r.player2_id, r.player1_score::text, r.player2_score::text, r.winner_id,
           r.scoring_mechanism, r.board_size, r.created_at,
           r.player1_elo_before, r.player1_elo_after, r.player2_elo_before, r.player2_elo_after
    from public.game_results r
    where r.player1_id = get_user_game_history.user_id or r.player2_id = get_user_game_history.user_id
    order by r.created_at desc
    limit greatest(0, least(coalesce(limit_rows, 20), 200));
  $$;
grant execute on function public.get_user_game_history(uuid, integer) to anon, authenticated;
