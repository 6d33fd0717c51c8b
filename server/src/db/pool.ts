/**
 * The one driver for every database: node-postgres, to PostgreSQL (embedded, Debian's, or hosted
 * Supabase's) or to PGlite through its socket.
 */
import pg from 'pg';
import type { Availability, Database, Queryable } from './database';

// bigint columns (ids, counts, seeds, epoch milliseconds) stay below 2^53: numbers, not strings.
// Scores are numeric and come as strings (every digit: a 16×16 board scores past 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export interface PoolOptions {
  kind: Database['kind'];
  /** Started by this server for itself alone (Database.embedded); default false. */
  embedded?: boolean;
  /** What to name in messages: a data folder, or the URL without its password. */
  description: string;
  /** The embedded database's supervisor: while it restarts the database, queries fail at once. */
  availability?: Availability;
  /** Runs when the pool is closed (stops the embedded database). */
  onClose?: () => Promise<void>;
}

/** What a query meets while the embedded database is being started again: the 503 kind of error. */
export class DatabaseRestarting extends Error {
  /** SQLSTATE cannot_connect_now, which isDatabaseUnavailable knows. */
  readonly code = '57P03';
  constructor() {
    super('the database is restarting');
  }
}

export async function connectPool(url: string, { kind, embedded = false, description, availability, onClose }: PoolOptions): Promise<Database> {
  // A database that does not answer fails a request after 5 s (a 503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // An idle connection can fail (PostgreSQL restarting, the pool closing): the pool
  // replaces it; without a listener the error would end the whole process.
  // Once the pool is closing, its connections may end before the embedded database's shutdown
  // reaches them, or after: either way that is no failure.
  let closing = false;
  pool.on('error', (error) => closing || console.error(`idle database connection failed: ${error.message}`));
  // A connection that breaks while it is lent out (a transaction of the rooms' log, the socket
  // adapter's LISTEN) emits 'error' on its client, where the pool listens only while it is idle:
  // unheard, that ended the whole server when the supervisor killed a hung database under a
  // commit. Its queries fail anyway, and the pool drops a client that broke.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    await onClose?.();
    throw error;
  }
  const { query, exec } = queryable(pool);
  // While it restarts, a query would wait for a connection that cannot come: answered at once instead.
  const up = () => {
    if (availability && !availability.isUp()) throw new DatabaseRestarting();
  };
  return {
    kind,
    embedded,
    description,
    pool,
    availability,
    async query<T>(sql: string, params?: readonly unknown[]) {
      up();
      return query<T>(sql, params);
    },
    async exec(sql: string) {
      up();
      return exec(sql);
    },
    async transaction(work) {
      up();
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work(queryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped, not handed to the next caller.
        await client.query('rollback').catch((failed: Error) => (broken = failed));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      closing = true;
      await pool.end();
      await onClose?.();
    },
  };
}

/** A URL fit for a log line: the password replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unparsable URL';
  }
}
