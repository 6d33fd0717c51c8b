-- Rows written before the rules of 20261123000003 (whose constraints were added NOT VALID, so an
-- upgraded database still holds them) are repaired, or deleted where nothing true can be kept,
-- and then every one of those constraints is validated: from here on each one holds for every
-- row, old or new. A rated game of a player with a legacy name no longer breaks the profile
-- update that ends it.

-- High scores, first (a renamed player's scores are updated with the name, and an updated row
-- must hold every rule).
-- A score (or an opponent's score) above the most the board allows was never played: it is
-- forged, and a forged score cannot be repaired, so it is deleted.
with bounds as (
  select board_size, scoring_mechanism, public.max_score(board_size, scoring_mechanism) as most
  from (select distinct board_size, scoring_mechanism from public.game_scores) as kinds
)
delete from public.game_scores s
using bounds b
where b.board_size = s.board_size and b.scoring_mechanism = s.scoring_mechanism
  and (s.score > b.most or s.opponent_score > b.most);

-- A game against the AI that names no difficulty cannot be placed on any leaderboard (they rank
-- by difficulty), and which one was played cannot be known: deleted.
delete from public.game_scores where opponent_type = 'ai' and ai_difficulty is null;

-- Each row left is repaired in one update:
--   * a game id of a shape now refused (the client's id of the finished game) becomes
--     'legacy-<row id>' (a letter more while the player already has that id): the score is
--     kept, and still counted once;
--   * a game against a person that names an AI difficulty: the difficulty means nothing, it goes;
--   * a game longer than a day: the score may be real (a page left open), its duration is cut to a day.
do $$
declare
  score record;
  candidate text;
begin
  for score in
    select id, user_id, game_id from public.game_scores
    where game_id !~ '^[A-Za-z0-9_-]{1,64}$' or (opponent_type <> 'ai' and ai_difficulty is not null) or game_duration > 86400
    order by id
  loop
    candidate := score.game_id;
    if candidate !~ '^[A-Za-z0-9_-]{1,64}$' then
      candidate := 'legacy-' || score.id;
      while exists (select 1 from public.game_scores s where s.user_id = score.user_id and s.game_id = candidate) loop
        candidate := candidate || 'x';
      end loop;
    end if;
    update public.game_scores
    set game_id = candidate,
        ai_difficulty = case when opponent_type = 'ai' then ai_difficulty end,
        game_duration = least(game_duration, 86400)
    where id = score.id;
  end loop;
end
$$;

-- Names. A legacy profile name longer than the lobby's 20 characters, or holding characters that
-- do not show (control characters; format characters such as zero-width spaces and joiners, bidi
-- controls, the soft hyphen, the byte-order mark; default-ignorable ones such as variation
-- selectors, tag characters and Hangul fillers; line and paragraph separators; the Braille blank)
-- is renamed, the same way on every database:
--   * the characters that do not show are removed, except those that join an emoji into one
--     picture (U+200D between two pictographs, U+FE0F after one or in a keycap, the tags of a
--     flag after U+1F3F4);
--   * NFKC-normalised and trimmed, as a name given at sign-up is;
--   * cut to 20 characters (a joiner, U+200D, left at the end of the cut goes too);
--   * when nothing is left, or another player already has the name, it ends with '-' and the
--     first characters of the account's id (4, or more while that is taken too): 'player-3f2a'
--     for a name of invisible characters only, 'alice-9c41' for 'alice' + U+200B beside 'alice'.
-- A player sees their name without what did not show, at most 20 characters, and their scores on
-- the leaderboard carry the new name.
do $$
declare
  -- Characters that do not show (see above).
  invisible constant text := '[[:cntrl:]\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u08E2\u115F\u1160\u17B4\u17B5\u180B-\u180F'
    '\u200B-\u200F\u2028-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB'
    '\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]';
  -- Pictographs an emoji sequence joins.
  picture constant text := '[\u00A9\u00AE\u203C\u2049\u2122\u2139\u2190-\u2BFF\u3030\u303D\u3297\u3299\U0001F000-\U0001FAFF]';
  profile record;
  chars text[];
  ch text;
  before text;
  kept text;
  last_kept text;
  wanted text;
  base text;
  digits integer;
begin
  for profile in
    select id, username from public.profiles
    where char_length(username) > 20 or username ~ invisible or username <> btrim(username)
    order by id
  loop
    chars := regexp_split_to_array(profile.username, '');
    kept := '';
    last_kept := null;
    for i in 1 .. coalesce(array_length(chars, 1), 0) loop
      ch := chars[i];
      -- What a joiner follows: the pictograph itself, or the one before its U+FE0F.
      before := case when i > 1 and chars[i - 1] = U&'\FE0F' and i > 2 then chars[i - 2] when i > 1 then chars[i - 1] end;
      if ch !~ invisible
         or (ch = U&'\200D' and before ~ picture and i < array_length(chars, 1) and chars[i + 1] ~ picture)
         or (ch = U&'\FE0F' and i > 1 and (chars[i - 1] ~ picture
             or (chars[i - 1] ~ '^[#*0-9]$' and i < array_length(chars, 1) and chars[i + 1] = U&'\20E3')))
         or (ascii(ch) between x'E0020'::int and x'E007F'::int and (last_kept = U&'\+01F3F4' or ascii(last_kept) between x'E0020'::int and x'E007F'::int))
      then
        kept := kept || ch;
        last_kept := ch;
      end if;
    end loop;
    base := btrim(normalize(kept, NFKC));
    wanted := rtrim(regexp_replace(left(base, 20), U&'\200D' || '+$', ''));
    digits := 4;
    while wanted = '' or (digits <= 19 and exists (select 1 from public.profiles p where p.username = wanted and p.id <> profile.id)) loop
      wanted := rtrim(regexp_replace(left(coalesce(nullif(base, ''), 'player'), greatest(20 - 1 - digits, 0)), U&'\200D' || '+$', ''))
        || '-' || left(replace(profile.id::text, '-', ''), digits);
      digits := digits + 2;
    end loop;
    if wanted <> profile.username then
      update public.profiles set username = wanted where id = profile.id;
      update public.game_scores set username = wanted where user_id = profile.id;
    end if;
  end loop;
end
$$;

-- Every one of those rules now holds for every row.
do $$
declare
  rule record;
begin
  for rule in
    select c.conrelid::regclass as tab, c.conname
    from pg_constraint c
    where not c.convalidated
      and c.connamespace = 'public'::regnamespace
      and c.conname in ('profiles_username_length', 'game_scores_game_id_format', 'game_scores_score_within_board',
                        'game_scores_opponent_score_within_board', 'game_scores_ai_game_names_difficulty',
                        'game_scores_duration_within_a_day')
  loop
    execute format('alter table %s validate constraint %I', rule.tab, rule.conname);
  end loop;
end
$$;
