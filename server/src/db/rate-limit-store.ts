/**
 * Counts per client address that every node shares and that outlive a restart:
 * rate-limiter-flexible's PostgreSQL store in local_auth.rate_limits, over the server's pool. The
 * store names its prepared statements, which the embedded PGlite (one session shared by every
 * connection, where a name prepared twice collides) cannot take, so it is given unnamed ones.
 */
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Database } from './database';

export interface SharedLimit {
  points: number;
  /** Seconds the points last. */
  seconds: number;
}

/** A limiter whose counts, under `keyPrefix`, are kept in the database. */
export function sharedRateLimiter(db: Database, keyPrefix: string, { points, seconds }: SharedLimit): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: { query: (q: { text: string; values?: unknown[] }) => db.pool.query(q.text, q.values) },
    storeType: 'client',
    schemaName: 'local_auth',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix,
    points,
    duration: seconds,
  });
}
