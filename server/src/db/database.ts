/**
 * The database the server talks to: the embedded one in DATA_DIR (Debian's PostgreSQL, or PGlite
 * where that is not installed) or PostgreSQL at DATABASE_URL, all through node-postgres. One
 * small interface for all, so everything above it runs the same SQL on each.
 */
import type pg from 'pg';

/** Runs SQL with positional parameters ($1, $2, ...). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** Whether the embedded database is up, as its supervisor sees it. */
export interface Availability {
  /** False while it is being started again (it died or hung). */
  isUp(): boolean;
  /** Seconds until it is expected back, for Retry-After. */
  retryAfterSeconds(): number;
}

export interface Database extends Queryable {
  /** Its SQL behaviour: PGlite is one session shared by every connection; PostgreSQL is PostgreSQL. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Started and supervised by this server in DATA_DIR, for this node alone: every room in it is
   * this node's. False for a database at DATABASE_URL, which several nodes may share.
   */
  readonly embedded: boolean;
  /** Where it is, for messages: the data folder, or the URL without its password. */
  readonly description: string;
  /** The driver's pool, for libraries that take one (the rate limiter's store). */
  readonly pool: pg.Pool;
  /** The embedded database's supervisor (undefined for a database this server does not run). */
  readonly availability?: Availability;
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
