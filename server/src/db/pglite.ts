/** The embedded database: PGlite (Postgres compiled to wasm), on disk or in memory. */
import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

// Scores are bigint columns but stay below 2^53: numbers, not BigInt or strings.
const parsers = { [types.INT8]: (value: string) => Number(value) };

function queryable(db: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await db.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

/** PGlite in `directory` (created if missing), or in memory without one. */
export async function openPglite(directory?: string): Promise<Database> {
  if (directory) mkdirSync(directory, { recursive: true });
  const db = await PGlite.create(directory ?? 'memory://', { parsers });
  return {
    kind: 'pglite',
    ...queryable(db),
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close(),
  };
}
