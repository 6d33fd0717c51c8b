-- The largest score one player can have on an n×n board (SPEC §9 scoring), so that the database
-- itself can refuse impossible scores in public.game_scores.
--
-- Why this is an upper bound. A player holds at most k = ceil(n²/2) cells (the players alternate;
-- every board the game offers has an even number of cells, so each ends with exactly n²/2). Their
-- score is the product, over their connected groups, of each group's value, and the group sizes
-- add up to at most k. A group of s cells has at most E(s) = 2s − ceil(2·sqrt(s)) adjacent pairs:
-- the maximum number of edges of an s-vertex induced subgraph of the square grid (Harary and
-- Harborth, 1976; E(1)=0, E(2)=1, E(3)=2, E(4)=4, E(5)=5, E(6)=7, E(9)=12). So a group's value is
-- at most
--   fmax(s) = s                 connection (the group's size)
--           = max(1, 2·E(s))    expansion  (directed edges inside the group, minimum 1)
--           = max(1, E(s))      extension  (adjacent pairs inside the group, minimum 1)
-- and the score is at most the largest product of fmax over a partition of k (fmax(1) = 1, so a
-- partition of k covers every total up to k):
--   best[0] = 1,  best[j] = max over 1 ≤ s ≤ j of fmax(s)·best[j − s],  bound = best[k].
-- Real boards only score less: groups must not touch one another and must fit on the board.
--
-- The figures (and the partition that reaches them):
--   n   connection             expansion                        extension
--   6   729        (3^6)       8192          (8^4·2)            448       (7·4^3)
--   8   118098     (3^10·2)    16777216      (8^8 = 2^24)       65536     (4^8)
--   10  86093442   (3^16·2)    137438953472  (8^12·2 = 2^37)    29360128  (7·4^11)
-- All below 2^53 = 9007199254740992, so the engine's f64 scores are exact there. The 6×6
-- connection bound is reached (alternate rows AAABBB / BBBAAA: six separate triples each).
--
-- Any side from 2 to 16 is accepted. From 13×13 up some bounds pass bigint's range (16×16
-- expansion is about 7.9·10^28); the DP runs in numeric and the result is capped at the largest
-- bigint, which still bounds every value a bigint column can hold. An unknown mode, a size
-- outside 2..16 or a null argument gives null (note: a check constraint passes on null).

create or replace function public.max_score(board_size integer, scoring_mechanism text)
  returns bigint
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

    return least(best[k + 1], 9223372036854775807::numeric)::bigint;
  end;
  $$;

comment on function public.max_score(integer, text) is
  'Upper bound on one player''s score on a board_size × board_size board under a scoring mechanism (null if unknown).';

grant execute on function public.max_score(integer, text) to anon, authenticated;
