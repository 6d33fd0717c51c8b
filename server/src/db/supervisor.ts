/**
 * Watches the embedded database as the server's own queries meet it: a health query through the
 * server's pool every second. No answer within 5 s means it hangs (a statement spinning, its
 * processes stopped) and would hold every game on the node, so its processes are killed and it is
 * started again on the same data (keeper.ts); PostgreSQL and PGlite both come back with what was
 * committed (fsync on). A database that died is started again by the keeper alone. Meanwhile
 * `isUp()` is false: the data API and auth answer 503 with Retry-After, and the room log keeps its
 * unacknowledged commands and writes them once it answers again.
 */
import type pg from 'pg';
import type { Availability } from './database';
import type { KeptProcess } from './keeper';

export interface SupervisorOptions {
  log: (line: string) => void;
  /** Between health queries. */
  everyMs?: number;
  /** A health query unanswered this long: the database hangs. */
  deadlineMs?: number;
}

export interface Supervisor extends Availability {
  /** Starts the health queries on the server's pool. */
  watch(pool: pg.Pool): void;
  stop(): void;
}

export function superviseDatabase(database: Pick<KeptProcess, 'running' | 'restart' | 'retryAfterSeconds'>, { log, everyMs = 1_000, deadlineMs = 5_000 }: SupervisorOptions): Supervisor {
  let stopped = false;
  let restarting = false;
  let timer: NodeJS.Timeout | undefined;

  const check = async (pool: pg.Pool) => {
    if (database.running() && (await answer(pool, deadlineMs)) === 'late' && !stopped && database.running()) {
      restarting = true;
      log(`the embedded database did not answer within ${deadlineMs / 1000} s: its processes are killed`);
      try {
        await database.restart('the embedded database was killed');
      } finally {
        restarting = false;
      }
    }
    if (!stopped) timer = setTimeout(() => void check(pool), everyMs).unref();
  };

  return {
    isUp: () => !restarting && database.running(),
    retryAfterSeconds: () => database.retryAfterSeconds(),
    watch(pool) {
      timer = setTimeout(() => void check(pool), everyMs).unref();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** 'answered', 'failed' (it refused: down, restarting), or 'late': no word within `deadlineMs`. */
async function answer(pool: pg.Pool, deadlineMs: number): Promise<'answered' | 'failed' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  // The deadline's timer is set before the query, on purpose: against a hung database (PGlite's
  // process stopped) a new connection gives up after the pool's connectionTimeoutMillis, 5 s like
  // the deadline, and of two equal timers the first set fires first, so that query is 'late', not
  // 'failed'. within(), which is handed a query already started, would take it as answered.
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
  const query = pool.query('select 1').then(
    () => 'answered' as const,
    () => 'failed' as const,
  );
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}
