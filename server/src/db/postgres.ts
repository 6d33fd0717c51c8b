/** PostgreSQL (Debian's, or a hosted Supabase project's) through node-postgres. */
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

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can fail (PostgreSQL restarting, the pool closing): the pool
  // replaces it; without a listener the error would end the whole process.
  pool.on('error', (error) => console.error('idle PostgreSQL connection failed:', error.message));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(queryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
