/**
 * An upgraded database, as the rules of 20261123000003 left it: their constraints NOT VALID, and
 * rows from before them breaking them (a profile name of 35 characters, names with characters
 * that do not show, scores no board allows, a game id of a shape now refused). The repair
 * migration renames, fixes or deletes those rows as it promises, and then every constraint is
 * valid. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { migrate } from '../db/migrate';
import { TEST_DATABASES, type TestDatabase } from '../db/databases.testkit';

const REPAIR = '20261128000004_repair_legacy_rows.sql';
const RULES = [
  'profiles_username_length',
  'game_scores_game_id_format',
  'game_scores_score_within_board',
  'game_scores_opponent_score_within_board',
  'game_scores_ai_game_names_difficulty',
  'game_scores_duration_within_a_day',
];

/** An account whose profile has a name from before the rules. */
async function legacyProfile(db: Queryable, email: string, username: string): Promise<string> {
  const [user] = await db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', '{}') returning id`, [email]);
  await db.query('insert into public.profiles (id, username) values ($1, $2) on conflict (id) do update set username = excluded.username', [user!.id, username]);
  return user!.id;
}

/** The database as an upgrade found it: the rules back as NOT VALID, and the repair not applied yet. */
async function asUpgraded(test: TestDatabase, legacy: (db: Queryable) => Promise<void>): Promise<void> {
  await test.db.transaction(async (tx) => {
    const rules = await tx.query<{ tab: string; conname: string; def: string }>(
      `select conrelid::regclass::text as tab, conname, pg_get_constraintdef(oid) as def from pg_constraint where conname = any($1::text[])`,
      [RULES],
    );
    expect(rules.map((r) => r.conname).sort()).toEqual([...RULES].sort());
    for (const rule of rules) await tx.exec(`alter table ${rule.tab} drop constraint ${rule.conname}`);
    // Scores go in as a client's insert did before: no trigger setting the name or the time.
    await tx.exec('set local session_replication_role = replica');
    await legacy(tx);
    await tx.exec('set local session_replication_role = origin');
    for (const rule of rules) await tx.exec(`alter table ${rule.tab} add constraint ${rule.conname} ${rule.def} not valid`);
    await tx.query('delete from local_meta.schema_migrations where name = $1', [REPAIR]);
  });
}

describe.each(TEST_DATABASES)('legacy rows on %s', (_, open) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
  }, 120_000);
  afterAll(() => test?.stop());

  it('are repaired or deleted as the repair promises, and then every constraint is valid', async () => {
    const ids: Record<string, string> = {};
    const score = (db: Queryable, user: string, fields: Record<string, unknown>) => {
      const row = { username: 'x', score: 100, opponent_score: 50, board_size: 6, scoring_mechanism: 'connection', game_duration: 60, opponent_type: 'ai', ai_difficulty: 'easy', game_id: null, ...fields };
      const columns = Object.keys(row);
      return db.query<{ id: number }>(
        `insert into public.game_scores (user_id, ${columns.join(', ')}) values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
        [user, ...Object.values(row)],
      );
    };
    const scoreIds: Record<string, number> = {};
    await asUpgraded(test, async (db) => {
      ids.long = await legacyProfile(db, 'long@example.com', 'a_legacy_username_of_thirty_five_ch');
      ids.alice = await legacyProfile(db, 'alice@example.com', 'alice');
      ids.lookalike = await legacyProfile(db, 'alice2@example.com', 'alice\u200b');
      ids.nobody = await legacyProfile(db, 'nobody@example.com', '\u200b\u2060\u3164');
      ids.bell = await legacyProfile(db, 'bell@example.com', 'be\u0007ll\u202e');
      ids.coder = await legacyProfile(db, 'coder@example.com', '👩\u200d💻 coder ❤\ufe0f');
      const long = ids.long;
      scoreIds.fine = (await score(db, long, { username: 'a_legacy_username_of_thirty_five_ch', game_id: 'fine-1' }))[0]!.id;
      scoreIds.badId = (await score(db, long, { game_id: 'has a space' }))[0]!.id;
      scoreIds.forged = (await score(db, long, { score: 730, game_id: 'forged' }))[0]!.id;
      scoreIds.forgedOpponent = (await score(db, long, { opponent_score: 8193, scoring_mechanism: 'expansion', game_id: 'forged-2' }))[0]!.id;
      scoreIds.human = (await score(db, long, { opponent_type: 'human', ai_difficulty: 'hard', game_id: 'human-1' }))[0]!.id;
      scoreIds.noDifficulty = (await score(db, long, { ai_difficulty: null, game_id: 'ai-1' }))[0]!.id;
      scoreIds.long = (await score(db, long, { game_duration: 100_000, game_id: 'long-1' }))[0]!.id;
    });
    const invalid = await test.db.query<{ conname: string }>('select conname from pg_constraint where not convalidated order by conname');
    expect(invalid.map((r) => r.conname)).toEqual([...RULES].sort());

    expect(await migrate(test.db)).toEqual([REPAIR]);

    // Every constraint of the game's schemas holds for every row.
    const notValid = await test.db.query(
      `select conrelid::regclass::text as tab, conname from pg_constraint
       where not convalidated and connamespace in ('public'::regnamespace, 'game_server'::regnamespace, 'auth'::regnamespace)`,
    );
    expect(notValid).toEqual([]);

    const names = new Map((await test.db.query<{ id: string; username: string }>('select id, username from public.profiles')).map((r) => [r.id, r.username]));
    const idDigits = (id: string) => id.replace(/-/g, '').slice(0, 4);
    expect(names.get(ids.long!)).toBe('a_legacy_username_of');
    expect(names.get(ids.alice!)).toBe('alice');
    // 'alice' + U+200B would sit beside 'alice' as someone else.
    expect(names.get(ids.lookalike!)).toBe(`alice-${idDigits(ids.lookalike!)}`);
    expect(names.get(ids.nobody!)).toBe(`player-${idDigits(ids.nobody!)}`);
    expect(names.get(ids.bell!)).toBe('bell');
    // An emoji's joiner and variation selector are part of one picture: kept.
    expect(names.get(ids.coder!)).toBe('👩\u200d💻 coder ❤\ufe0f');

    const scores = new Map(
      (await test.db.query<{ id: number; username: string; game_id: string | null; ai_difficulty: string | null; game_duration: number }>(
        'select id, username, game_id, ai_difficulty, game_duration from public.game_scores',
      )).map((r) => [r.id, r]),
    );
    // A renamed player's scores carry the new name.
    expect(scores.get(scoreIds.fine!)).toMatchObject({ username: 'a_legacy_username_of', game_id: 'fine-1' });
    expect(scores.get(scoreIds.badId!)).toMatchObject({ game_id: `legacy-${scoreIds.badId}` });
    expect(scores.has(scoreIds.forged!)).toBe(false);
    expect(scores.has(scoreIds.forgedOpponent!)).toBe(false);
    expect(scores.get(scoreIds.human!)).toMatchObject({ ai_difficulty: null });
    expect(scores.has(scoreIds.noDifficulty!)).toBe(false);
    expect(scores.get(scoreIds.long!)).toMatchObject({ game_duration: 86_400 });

    // The rules hold for new rows too: a name of 21 characters is refused.
    await expect(test.db.query('update public.profiles set username = $2 where id = $1', [ids.alice, 'x'.repeat(21)])).rejects.toMatchObject({ code: '23514' });
  });
});
