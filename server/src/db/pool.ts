/**
 * The one driver for both databases: node-postgres, to PostgreSQL (Debian's, or hosted
 * Supabase's) or to embedded PGlite through its socket.
 */
import pg from 'pg';
import type { Database, Queryable } from './database';

// Scores are bigint columns but stay below 2^53: numbers, not strings.
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
  /** What to name in messages: a data folder, or the URL without its password. */
  description: string;
  /** Runs when the pool is closed (stops the embedded database). */
  onClose?: () => Promise<void>;
}

export async function connectPool(url: string, { kind, description, onClose }: PoolOptions): Promise<Database> {
  // A database that does not answer fails a request after 5 s (a 503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // An idle connection can fail (PostgreSQL restarting, the pool closing): the pool
  // replaces it; without a listener the error would end the whole process.
  pool.on('error', (error) => console.error(`idle database connection failed: ${error.message}`));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    await onClose?.();
    throw error;
  }
  return {
    kind,
    description,
    pool,
    ...queryable(pool),
    async transaction(work) {
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
