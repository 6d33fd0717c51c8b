/**
 * The database the server talks to: embedded PGlite (the default, in DATA_DIR/pg) or
 * PostgreSQL (DATABASE_URL), both through node-postgres. One small interface for both, so
 * everything above it runs the same SQL on either.
 */
import type pg from 'pg';

/** Runs SQL with positional parameters ($1, $2, ...). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Where it is, for messages: the data folder, or the URL without its password. */
  readonly description: string;
  /** The driver's pool, for libraries that take one (the rate limiter's store). */
  readonly pool: pg.Pool;
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
