/**
 * Room codes that do not exist, per client address, on every node together: each miss of a
 * room:join or room:watch is counted in rate-limiter-flexible's PostgreSQL store (the table the
 * auth throttles use, local_auth.rate_limits), in memory without a database. Past the limit the
 * address is told to wait, and each node remembers how long: a guess then costs no lookup at all,
 * and another node learns it at the address's first miss there.
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../../db/database';

export class CodeMisses {
  private readonly limiter: RateLimiterAbstract;
  private readonly blockedUntil = new Map<string, number>(); // address key → Date.now() when it may guess again

  constructor(perMinute: number, db?: Database) {
    const options = { keyPrefix: 'room-code-miss', points: perMinute, duration: 60 };
    // Unnamed statements, as the auth throttles do: the embedded database's one session shares
    // prepared statements' names between every connection.
    this.limiter = db
      ? new RateLimiterPostgres({
          ...options,
          storeClient: { query: (q: { text: string; values?: unknown[] }) => db.pool.query(q.text, q.values) },
          storeType: 'client',
          schemaName: 'local_auth',
          tableName: 'rate_limits',
          tableCreated: true,
        })
      : new RateLimiterMemory(options);
  }

  /** How long the address must wait before it may look for a room again (0: it may). */
  waitMs(key: string | null): number {
    if (key === null) return 0;
    const until = this.blockedUntil.get(key);
    if (until === undefined) return 0;
    const left = until - Date.now();
    if (left > 0) return left;
    this.blockedUntil.delete(key);
    return 0;
  }

  /** The address looked for a room that does not exist: 0, or how long it must now wait. */
  async missed(key: string | null): Promise<number> {
    if (key === null) return 0;
    try {
      await this.limiter.consume(key);
      return 0;
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) {
        // The store failed (the database is down): the miss itself answered 'Room not found'.
        console.error('room code misses: counting failed:', (result as Error).message);
        return 0;
      }
      const wait = Math.max(1000, result.msBeforeNext);
      if (this.blockedUntil.size >= 10_000) this.forgetLapsed();
      this.blockedUntil.set(key, Date.now() + wait);
      return wait;
    }
  }

  private forgetLapsed(): void {
    const now = Date.now();
    for (const [key, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(key);
  }
}
