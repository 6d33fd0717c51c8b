/**
 * The score verifier on both databases, with the real engine in its worker thread: pending scores
 * become verified or rejected with the reason, two nodes never check one score twice, a replay
 * past its limit gives up, a stop leaves the score pending, and PostgreSQL's notification wakes it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../../../src/engine';
import { loadEngine } from '../../../src/engine/load';
import type { ScorePayload } from '../../../src/game/submission';
import type { Database } from '../db/database';
import { TEST_DATABASES, type TestDatabase } from '../db/databases.testkit';
import { workerChecker, type Checker } from './checker';
import { expertHuman, playAgainstComputer } from './played-game.testkit';
import { startScoreVerifier, type ScoreVerifier } from './verifier';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

let players = 0;
let games = 1_700_000_100_000;

/** A new player (each may submit a few scores a minute). */
async function newPlayer(db: Database): Promise<{ id: string; username: string }> {
  const username = `Checked${players++}`;
  const [row] = await db.query<{ id: string }>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`,
    [`${username.toLowerCase()}-${Date.now()}@example.com`, JSON.stringify({ username })],
  );
  return { id: row!.id, username };
}

/** A game played against `level` as the page plays it, and its score as the page submits it. */
async function playedScore(db: Database, settings: { aiDifficulty: 'easy' | 'hard' }): Promise<ScorePayload> {
  const user = await newPlayer(db);
  return playAgainstComputer(engine, { user, settings, gameId: games++, human: expertHuman() }).payload;
}

/**
 * A game Expert opened, so that each of its 18 moves is a search of its whole budget: a replay of
 * seconds. Played once for both databases (a score names its player, not the game).
 */
let expertGame: ScorePayload | undefined;
async function expertScore(db: Database): Promise<ScorePayload> {
  expertGame ??= playAgainstComputer(engine, {
    user: { id: '', username: '' },
    settings: { aiDifficulty: 'expert', firstPlayer: 'ai' },
    gameId: games++,
    human: expertHuman(),
  }).payload;
  return { ...expertGame, user_id: (await newPlayer(db)).id };
}

/** Inserts a score as the data API would (the database's triggers make it pending); its id. */
async function submit(db: Database, payload: ScorePayload): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, game_duration,
       opponent_type, ai_difficulty, game_id, record, ai_seed, ai_nodes, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'verified') returning id`,
    [payload.user_id, payload.username, payload.score, payload.opponent_score, payload.board_size, payload.scoring_mechanism,
      payload.game_duration, payload.opponent_type, payload.ai_difficulty, payload.game_id, payload.record, payload.ai_seed, payload.ai_nodes],
  );
  return row!.id;
}

interface Checked {
  status: string;
  rejection: string | null;
  checked_at: Date | null;
  check_attempts: number;
}

const checked = async (db: Database, id: number) =>
  (await db.query<Checked>('select status, rejection, checked_at, check_attempts from public.game_scores where id = $1', [id]))[0]!;

/** Waits until the score has its verdict. */
const verdictOf = (db: Database, id: number, timeoutMs = 60_000) =>
  vi.waitFor(
    async () => {
      const row = await checked(db, id);
      if (row.status === 'pending') throw new Error(`score ${id} is still pending after ${timeoutMs} ms`);
      return row;
    },
    { timeout: timeoutMs },
  );

/** A real checker that counts what it is given. */
function countingChecker(maxCheckMs = 120_000): Checker & { checked: number[] } {
  const inner = workerChecker({ maxCheckMs });
  const counted = {
    checked: [] as number[],
    check: (submission: Parameters<Checker['check']>[0]) => {
      counted.checked.push((submission as { id?: number }).id ?? -1);
      return inner.check(submission);
    },
    close: () => inner.close(),
  };
  return counted;
}

describe.each(TEST_DATABASES)('the score verifier on %s', (name, open) => {
  let test: TestDatabase;
  const running: ScoreVerifier[] = [];
  const start = (options: Partial<Parameters<typeof startScoreVerifier>[0]> = {}) => {
    const verifier = startScoreVerifier({ db: test.db, pollMs: 100, log: () => undefined, ...options });
    running.push(verifier);
    return verifier;
  };

  beforeAll(async () => {
    test = await open();
  });
  afterAll(async () => {
    for (const verifier of running) await verifier.stop();
    await test?.stop();
  });

  it('takes every score as pending, whatever its writer sends, then verifies a played game and rejects a forged one', { timeout: 120_000 }, async () => {
    const real = await playedScore(test.db, { aiDifficulty: 'hard' });
    const realId = await submit(test.db, real);
    const forgedId = await submit(test.db, { ...real, score: '729', game_id: 'forged', record: 'CC1 6x6 connection: 1-0', ai_difficulty: 'easy' });
    expect(await checked(test.db, realId)).toMatchObject({ status: 'pending', checked_at: null });
    const verifier = start();
    expect(await verdictOf(test.db, realId)).toMatchObject({ status: 'verified', rejection: null, checked_at: expect.any(Date) });
    expect(await verdictOf(test.db, forgedId)).toMatchObject({ status: 'rejected', rejection: 'The game is not finished: 0 of 36 cells are taken.' });
    await verifier.stop();
  });

  it('checks each score once with two nodes at it', { timeout: 120_000 }, async () => {
    const scores = await Promise.all([0, 1, 2, 3].map(() => playedScore(test.db, { aiDifficulty: 'easy' })));
    const ids: number[] = [];
    for (const score of scores) ids.push(await submit(test.db, score));
    const [a, b] = [countingChecker(), countingChecker()];
    start({ checker: a });
    start({ checker: b });
    for (const id of ids) expect(await verdictOf(test.db, id)).toMatchObject({ status: 'verified', check_attempts: 1 });
    const both = [...a.checked, ...b.checked].filter((id) => ids.includes(id));
    expect(both.sort()).toEqual([...ids].sort());
    for (const verifier of running.splice(0)) await verifier.stop();
  });

  it('gives up on a replay past its time limit, and rejects the score after its tries', { timeout: 60_000 }, async () => {
    const id = await submit(test.db, await playedScore(test.db, { aiDifficulty: 'easy' }));
    const verifier = start({ maxCheckMs: 1, maxAttempts: 1 });
    expect(await verdictOf(test.db, id)).toMatchObject({ status: 'rejected', rejection: 'Replaying the game took longer than 0.001 s.' });
    await verifier.stop();
  });

  it('stops at once mid-replay and leaves the score pending for the next look', { timeout: 120_000 }, async () => {
    const id = await submit(test.db, await expertScore(test.db));
    const verifier = start();
    await vi.waitFor(
      async () => {
        if ((await checked(test.db, id)).check_attempts === 0) throw new Error('the score was never claimed');
      },
      { timeout: 30_000, interval: 20 },
    );
    const stopping = Date.now();
    await verifier.stop();
    expect(Date.now() - stopping).toBeLessThan(2_000);
    // Stopped seconds before its verdict: pending, its try given back.
    expect(await checked(test.db, id)).toMatchObject({ status: 'pending', check_attempts: 0 });
    start();
    expect(await verdictOf(test.db, id)).toMatchObject({ status: 'verified' });
    for (const running_ of running.splice(0)) await running_.stop();
  });

  // Only PostgreSQL notifies: PGlite's one session has no LISTEN for the server, which polls there (above).
  if (name === 'PostgreSQL')
    it('wakes on the notification of a new score instead of waiting for its next look', { timeout: 60_000 }, async () => {
      const verifier = start({ pollMs: 600_000 });
      await vi.waitFor(
        () => {
          if (!verifier.listening) throw new Error('the verifier never listened');
        },
        { timeout: 10_000, interval: 20 },
      );
      // Its first look finds nothing and its next is ten minutes away: only the notification wakes it.
      const id = await submit(test.db, await playedScore(test.db, { aiDifficulty: 'easy' }));
      expect(await verdictOf(test.db, id, 30_000)).toMatchObject({ status: 'verified' });
    });
});
