/**
 * The score verifier: every node of the server looks for pending high scores, replays each
 * (checker.ts, off the event loop) and marks it verified or rejected with the reason (SPEC §7
 * High Scores shows verified scores only). It wakes at once on the database's notification where
 * it can listen (PostgreSQL), and polls every few seconds anyway, so it also works against hosted
 * Supabase's pooler and PGlite, and after a missed notification. Nodes sharing a database each
 * claim a row before checking it (`for update skip locked`, then a lease on the row), so no score
 * is checked twice at once, and a node that dies mid-check lets its claim lapse for another.
 */
import pg from 'pg';
import type { Database } from '../db/database';
import { within } from '../within';
import type { Submission } from './check';
import { workerChecker, type Checker, type CheckOutcome } from './checker';

export interface ScoreVerifierOptions {
  db: Database;
  /** How often pending scores are looked for when no notification came (default 3 s). */
  pollMs?: number;
  /**
   * The most one replay may take (default 10 minutes). A replay plays every one of the computer's
   * moves again: a 10×10 game against Expert (50 of its moves at 1.2 million positions) takes about
   * a minute, a 16×16 one (128 of its moves) about three (161 s measured on a busy 2-core machine).
   */
  maxCheckMs?: number;
  /** Replays that time out or fail this many times reject the score (default 3). */
  maxAttempts?: number;
  log?: (line: string) => void;
  /** Who replays (default: a worker thread). */
  checker?: Checker;
}

export interface ScoreVerifier {
  /** Whether the database's notifications wake it (PostgreSQL), besides its polling. */
  readonly listening: boolean;
  /** Stops looking, ends a replay under way (its score stays pending for the next look). */
  stop(): Promise<void>;
}

/** The channel the insert trigger notifies (migration 20261128000007). */
export const PENDING_CHANNEL = 'game_scores_pending';

/** A claimed row: the submission and how many times it has been claimed. */
type Claimed = Submission & { id: number; check_attempts: number };

/** The claimed row as the database answers it: the scores (numeric) as their decimal text. */
type ClaimedRow = Omit<Claimed, 'score' | 'opponent_score'> & { score: string; opponent_score: string | null };

/** The row with its exact scores. */
const claimed = (row: ClaimedRow): Claimed => ({
  ...row,
  score: BigInt(row.score),
  opponent_score: row.opponent_score === null ? null : BigInt(row.opponent_score),
});

/** After a replay that timed out or failed, the score waits this long before another try. */
const RETRY_AFTER_SECONDS = 60;
/** A listener that failed is started again at most this often. */
const LISTEN_RETRY_MS = 30_000;

const CLAIM = `
  update public.game_scores s
     set claimed_until = now() + make_interval(secs => $1), check_attempts = s.check_attempts + 1
   where s.id = (select id from public.game_scores
                  where status = 'pending' and (claimed_until is null or claimed_until < now())
                  order by id limit 1 for update skip locked)
  returning s.id, s.record, s.ai_seed, s.ai_nodes, s.ai_difficulty, s.opponent_type, s.score::text as score, s.opponent_score::text as opponent_score,
            s.board_size, s.scoring_mechanism, s.check_attempts`;

const VERDICT = `
  update public.game_scores set status = $2, rejection = $3, checked_at = now(), claimed_until = null
   where id = $1 and status = 'pending'`;

const RETRY_LATER = `update public.game_scores set claimed_until = now() + make_interval(secs => $2) where id = $1 and status = 'pending'`;

/** A replay cut short by this node stopping was not the score's fault: its try is given back. */
const GIVE_BACK = `
  update public.game_scores set claimed_until = null, check_attempts = greatest(0, check_attempts - 1)
   where id = $1 and status = 'pending'`;

export function startScoreVerifier(options: ScoreVerifierOptions): ScoreVerifier {
  const { db, pollMs = 3_000, maxCheckMs = 600_000, maxAttempts = 3, log = (line) => console.error(line) } = options;
  const checker = options.checker ?? workerChecker({ maxCheckMs });
  // A claim outlives the longest replay, with room for the verdict to be written.
  const claimSeconds = Math.ceil(maxCheckMs / 1000) + 60;
  let stopped = false;
  let wake: (() => void) | undefined;
  let woken = false;
  let listener: pg.Client | undefined;
  let listenTried = 0;
  let failing = false;

  const nap = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(() => done(), pollMs);
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      wake = done;
    });
  const rouse = () => {
    woken = true;
    wake?.();
  };

  async function listen(): Promise<void> {
    if (db.kind !== 'postgres' || listener || stopped || Date.now() - listenTried < LISTEN_RETRY_MS) return;
    listenTried = Date.now();
    const client = new pg.Client(db.pool.options);
    client.on('error', (error) => {
      log(`score verifier: stopped listening for new scores (${error.message}); polling meanwhile`);
      if (listener === client) listener = undefined;
      void client.end().catch(() => undefined);
    });
    client.on('end', () => {
      if (listener === client) listener = undefined;
    });
    client.on('notification', rouse);
    try {
      await client.connect();
      await client.query(`listen ${PENDING_CHANNEL}`);
      if (stopped) await client.end();
      else listener = client;
    } catch (error) {
      // Hosted Supabase's transaction pooler, for one, cannot listen: polling is enough.
      void client.end().catch(() => undefined);
      log(`score verifier: cannot listen for new scores (${(error as Error).message}); polling every ${pollMs} ms`);
    }
  }

  /** Gives a claimed row its verdict; false when there was nothing to claim. */
  async function checkOne(): Promise<boolean> {
    const [found] = await db.query<ClaimedRow>(CLAIM, [claimSeconds]);
    if (!found) return false;
    const row = claimed(found);
    if (row.check_attempts > maxAttempts) {
      await db.query(VERDICT, [row.id, 'rejected', `The game could not be replayed: its check stopped ${maxAttempts} times.`]);
      return true;
    }
    const outcome = await checker.check(row);
    await settle(row, outcome);
    return true;
  }

  async function settle(row: Claimed, outcome: CheckOutcome): Promise<void> {
    if (outcome.kind === 'verdict') {
      const { verdict } = outcome;
      await db.query(VERDICT, [row.id, verdict.verified ? 'verified' : 'rejected', verdict.verified ? null : verdict.reason]);
      return;
    }
    if (stopped) {
      await db.query(GIVE_BACK, [row.id]);
      return;
    }
    const limit = `${maxCheckMs / 1000} s`;
    const why = outcome.kind === 'timed-out' ? `took longer than ${limit}` : `failed (${outcome.message})`;
    log(`score verifier: the replay of score ${row.id} ${why}, try ${row.check_attempts} of ${maxAttempts}`);
    if (row.check_attempts >= maxAttempts) {
      const reason = outcome.kind === 'timed-out' ? `Replaying the game took longer than ${limit}.` : 'The game could not be replayed.';
      await db.query(VERDICT, [row.id, 'rejected', reason]);
    } else {
      await db.query(RETRY_LATER, [row.id, RETRY_AFTER_SECONDS]);
    }
  }

  async function run(): Promise<void> {
    while (!stopped) {
      await listen();
      woken = false;
      let worked = false;
      try {
        worked = await checkOne();
        if (failing) log('score verifier: the database answers again');
        failing = false;
      } catch (error) {
        // The database is down or restarting: said once, then tried again at the next look.
        if (!failing) log(`score verifier: cannot check scores (${(error as Error).message}); trying again every ${pollMs} ms`);
        failing = true;
      }
      if (!worked) await nap();
    }
  }

  const running = run();
  return {
    get listening() {
      return listener !== undefined;
    },
    async stop() {
      stopped = true;
      rouse();
      await checker.close();
      // The loop's last query may wait on a database that no longer answers: a stop never waits long for it.
      await within(running, 1_000);
      await listener?.end().catch(() => undefined);
      listener = undefined;
    },
  };
}
