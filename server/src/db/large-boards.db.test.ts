/**
 * The large boards' migration (20261129000001_large_boards.sql) on both real databases: boards of
 * 6 to 16 (even) are taken and any other size refused by name, scores are exact numeric whole
 * numbers within the extended bounds, and a database migrated before it keeps every row it had,
 * every digit, once it runs.
 */
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { MIGRATIONS_DIR, migrate } from './migrate';
import { startPglite } from './pglite';
import { connectPool } from './pool';
import { POSTGRES_TEMPLATE_ENV, TEST_DATABASES, type TestDatabase } from './databases.testkit';

const LARGE_BOARDS = '20261129000001_large_boards.sql';

let users = 0;
const addUser = async (db: Database, email = `player-${users++}@example.com`) =>
  (await db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', '{}') returning id`, [email]))[0]!.id;

/**
 * A score row as the database owner writes one (its checks apply all the same), by a new player
 * unless `user` is given: a player submits at most a few scores a minute.
 */
async function insertScore(db: Database, fields: { score: string; opponent?: string; size: number; mode?: string; game: string; user?: string }) {
  const user = fields.user ?? (await addUser(db));
  return db.query<{ id: number }>(
    `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, ai_difficulty, game_id, record, ai_seed)
     values ($1, '', $2, $3, $4, $5, 'ai', 'expert', $6, $7, 1) returning id`,
    [user, fields.score, fields.opponent ?? '0', fields.size, fields.mode ?? 'expansion', fields.game, `CC1 ${fields.size}x${fields.size} ${fields.mode ?? 'expansion'}: ${fields.game}`],
  );
}

async function insertResult(db: Database, players: [string, string], scores: [string, string], size: number) {
  return db.query(
    `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism, board_size,
       player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after)
     values ($1, $2, $3, $4, $1, 'connection', $5, 1200, 1220, 1200, 1180)`,
    [players[0], players[1], scores[0], scores[1], size],
  );
}

/** The check that refused an insert, by name. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return (error as { constraint?: string; message: string }).constraint ?? (error as Error).message;
  }
  return 'accepted';
}

describe.each(TEST_DATABASES)('large boards in the database on %s', (_name, open) => {
  let test: TestDatabase;
  let alice: string;
  let bob: string;
  let games = 0;
  beforeAll(async () => {
    test = await open();
    alice = await addUser(test.db);
    bob = await addUser(test.db);
  }, 30_000);
  afterAll(async () => test?.stop());

  it('takes boards of 6, 8, 10, 12, 14 and 16 and refuses any other size, naming the rule', async () => {
    for (const size of [6, 8, 10, 12, 14, 16]) {
      expect(await refusal(insertScore(test.db, { score: '1', size, game: `size-${size}` })), `${size}`).toBe('accepted');
      expect(await refusal(insertResult(test.db, [alice, bob], ['1', '0'], size)), `${size}`).toBe('accepted');
    }
    for (const size of [4, 5, 7, 11, 15, 17, 18, 20]) {
      expect(await refusal(insertScore(test.db, { score: '1', size, game: `bad-size-${size}` })), `${size}`).toBe('game_scores_board_size_6_to_16_even');
      expect(await refusal(insertResult(test.db, [alice, bob], ['1', '0'], size)), `${size}`).toBe('game_results_board_size_6_to_16_even');
    }
    // Quick play's pool takes the same sizes.
    const pool = (size: number) =>
      test.db.query(
        `insert into game_server.quick_play_pool (socket_id, node, username, board_size, time_control, since_ms, expires_at)
         values ($1, 'n', 'Ann', $2, 'untimed', 0, now() + interval '1 minute')`,
        [`s-${size}-${games++}`, size],
      );
    expect(await refusal(pool(16))).toBe('accepted');
    expect(await refusal(pool(13))).toBe('quick_play_pool_board_size_6_to_16_even');
  });

  it("stores every digit of a large board's scores, up to each size's bound and not past it", async () => {
    const bounds = await test.db.query<{ n: number; mode: string; most: string }>(
      `select n, mode, public.max_score(n, mode)::text as most
         from unnest(array[12, 14, 16]) as n, unnest(array['connection', 'expansion', 'extension']) as mode order by n, mode`,
    );
    expect(bounds.find((b) => b.n === 16 && b.mode === 'expansion')?.most).toBe((2n ** 96n).toString());
    for (const { n, mode, most } of bounds) {
      const game = `bound-${n}-${mode}`;
      expect(await refusal(insertScore(test.db, { score: most, opponent: most, size: n, mode, game })), game).toBe('accepted');
      const [row] = await test.db.query<{ score: string; opponent_score: string }>(
        'select score::text, opponent_score::text from public.game_scores where game_id = $1',
        [game],
      );
      expect(row).toEqual({ score: most, opponent_score: most });
      const past = (BigInt(most) + 1n).toString();
      expect(await refusal(insertScore(test.db, { score: past, size: n, mode, game: `past-${game}` }))).toBe('game_scores_score_within_board');
      expect(await refusal(insertScore(test.db, { score: '1', opponent: past, size: n, mode, game: `past-opp-${game}` }))).toBe(
        'game_scores_opponent_score_within_board',
      );
    }
    // 2^96 on 16×16 expansion is past bigint: the row holds it whole, and game_results does too.
    await insertResult(test.db, [alice, bob], [(2n ** 96n).toString(), (2n ** 96n - 1n).toString()], 16);
    const [result] = await test.db.query<{ a: string; b: string }>(
      'select player1_score::text as a, player2_score::text as b from public.game_results where board_size = 16 order by id desc limit 1',
    );
    expect(result).toEqual({ a: '79228162514264337593543950336', b: '79228162514264337593543950335' });
  });

  it('refuses a fraction or a negative score, naming the rule', async () => {
    expect(await refusal(insertScore(test.db, { score: '12.5', size: 6, game: 'fraction' }))).toBe('game_scores_score_whole');
    expect(await refusal(insertScore(test.db, { score: '12', opponent: '0.5', size: 6, game: 'fraction-2' }))).toBe('game_scores_opponent_score_whole');
    expect(await refusal(insertScore(test.db, { score: '0', size: 6, game: 'zero' }))).toBe('game_scores_score_check');
    expect(await refusal(insertScore(test.db, { score: '3', opponent: '-1', size: 6, game: 'negative' }))).toBe('game_scores_opponent_score_check');
    expect(await refusal(insertResult(test.db, [alice, bob], ['-1', '0'], 6))).toBe('game_results_scores_whole');
    expect(await refusal(insertResult(test.db, [alice, bob], ['1.5', '0'], 6))).toBe('game_results_scores_whole');
  });

  it('ranks numerically and answers the profile functions with every digit, as text', async () => {
    const top = await addUser(test.db);
    await insertScore(test.db, { score: (2n ** 96n).toString(), size: 16, game: 'rank-top', user: top });
    for (const score of ['9', '10', (2n ** 64n).toString(), (2n ** 64n + 1n).toString()]) await insertScore(test.db, { score, size: 16, game: `rank-${score}` });
    await test.db.query(`update public.game_scores set status = 'verified' where game_id like 'rank-%'`);
    // The column, not its text (named otherwise: `order by score` would sort an output column named score).
    const ranked = await test.db.query<{ digits: string }>(`select score::text as digits from public.game_scores where game_id like 'rank-%' order by score desc`);
    // As numbers, not as text (which would put "9" first and "10" last).
    expect(ranked.map((r) => r.digits)).toEqual(['79228162514264337593543950336', '18446744073709551617', '18446744073709551616', '10', '9']);
    const [stats] = await test.db.query<{ best_ai_score: string }>('select best_ai_score from public.get_user_stats($1)', [top]);
    expect(stats?.best_ai_score).toBe('79228162514264337593543950336');
    const history = await test.db.query<{ player1_score: string; player2_score: string }>(
      'select player1_score, player2_score from public.get_user_game_history($1, 1)',
      [bob],
    );
    expect(history).toEqual([{ player1_score: '79228162514264337593543950336', player2_score: '79228162514264337593543950335' }]);
  });
});

/** The migrations folder without the large boards' migration: a database as it was before. */
function migrationsBefore(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'cc-migrations-'));
  for (const file of readdirSync(MIGRATIONS_DIR)) if (file.endsWith('.sql') && file < LARGE_BOARDS) symlinkSync(join(MIGRATIONS_DIR, file), join(dir, file));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An empty database of each kind (no template): migrated here step by step. */
const EMPTY_DATABASES = [
  [
    'PGlite',
    async (): Promise<Database> => {
      const embedded = await startPglite({});
      return connectPool(embedded.url('postgres'), { kind: 'pglite', embedded: true, description: 'PGlite in memory', onClose: () => embedded.stop() });
    },
  ],
  [
    'PostgreSQL',
    async (): Promise<Database> => {
      const templateUrl = process.env[POSTGRES_TEMPLATE_ENV];
      if (!templateUrl) throw new Error(`${POSTGRES_TEMPLATE_ENV} is not set: the global set-up starts the test cluster`);
      const url = new URL(templateUrl);
      const name = `empty_${randomBytes(6).toString('hex')}`;
      const admin = (sql: string) => {
        const client = new pg.Client({ connectionString: templateUrl.replace(url.pathname, '/postgres') });
        return client.connect().then(() => client.query(sql)).finally(() => client.end());
      };
      await admin(`create database ${name}`);
      url.pathname = `/${name}`;
      return connectPool(url.toString(), { kind: 'postgres', description: `PostgreSQL database ${name}`, onClose: () => admin(`drop database if exists ${name} with (force)`).then(() => undefined) });
    },
  ],
] as const;

describe.each(EMPTY_DATABASES)('a database from before large boards, on %s', (_name, empty) => {
  it('keeps every score, result and bound it had, and takes the large boards after the migration', { timeout: 120_000 }, async () => {
    const before = migrationsBefore();
    const db = await empty();
    try {
      await migrate(db, before.dir);
      const [alice, bob] = [await addUser(db), await addUser(db)];
      // Rows as the old schema took them: bigint scores within its bounds, sizes 6, 8 and 10.
      await insertScore(db, { score: '137438953472', opponent: '29', size: 10, game: 'old-10', user: alice });
      await insertScore(db, { score: '729', opponent: '1', size: 6, mode: 'connection', game: 'old-6', user: alice });
      await insertResult(db, [alice, bob], ['86093442', '118098'], 10);
      // A result no room could have written (game_results had no size rule): kept, as it is.
      await insertResult(db, [alice, bob], ['3', '2'], 9);
      expect(await refusal(insertScore(db, { score: '1', size: 12, game: 'too-early' }))).toBe('game_scores_board_size_check');

      // The large-boards migration first, then any that came after it.
      const applied = await migrate(db);
      expect(applied[0]).toBe(LARGE_BOARDS);
      expect(applied.every((file) => file >= LARGE_BOARDS)).toBe(true);
      const scores = await db.query<{ game_id: string; score: string; opponent_score: string; status: string; type: string }>(
        `select game_id, score::text, opponent_score::text, status, pg_typeof(score)::text as type from public.game_scores order by game_id`,
      );
      expect(scores).toEqual([
        { game_id: 'old-10', score: '137438953472', opponent_score: '29', status: 'pending', type: 'numeric' },
        { game_id: 'old-6', score: '729', opponent_score: '1', status: 'pending', type: 'numeric' },
      ]);
      const results = await db.query('select player1_score::text as a, player2_score::text as b, board_size from public.game_results order by board_size desc');
      expect(results).toEqual([
        { a: '86093442', b: '118098', board_size: 10 },
        { a: '3', b: '2', board_size: 9 },
      ]);
      // Every rule holds for every stored row, except the size rule of a database holding that odd
      // result: it checks new rows only (NOT VALID) rather than the migration failing.
      const notValid = await db.query<{ conname: string }>(
        `select conname from pg_constraint where not convalidated and connamespace in ('public'::regnamespace, 'game_server'::regnamespace)`,
      );
      expect(notValid.map((c) => c.conname)).toEqual(['game_results_board_size_6_to_16_even']);
      expect(await refusal(insertResult(db, [alice, bob], ['3', '2'], 9))).toBe('game_results_board_size_6_to_16_even');
      expect(await refusal(insertScore(db, { score: (2n ** 96n).toString(), size: 16, game: 'new-16' }))).toBe('accepted');
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
      before.remove();
    }
  });
});
