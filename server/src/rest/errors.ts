/**
 * Errors in PostgREST's shape `{ code, details, hint, message }` (supabase-js surfaces
 * `message`), and the HTTP status PostgREST gives each Postgres error class.
 */
import type { Role } from './schema';

export class RestError extends Error {
  constructor(
    readonly status: number,
    /** Null for the gateway's own errors (bad API key), which carry only message and hint. */
    readonly code: string | null,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  /** The JSON body, keys in PostgREST's order. */
  body(): Record<string, string | null> {
    if (this.code === null) return { message: this.message, hint: this.hint };
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** A query-string or body that does not parse: PostgREST's PGRST100. */
export function parseError(what: string, text: string, details: string): RestError {
  return new RestError(400, 'PGRST100', `failed to parse ${what} (${text})`, details);
}

/** An error raised by Postgres itself (node-postgres and PGlite both carry these fields). */
interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string';
}

/** PostgREST's table of SQLSTATE classes to HTTP statuses. */
export function statusForSqlState(code: string, role: Role): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  switch (code.slice(0, 2)) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '54':
      return 413;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    default:
      return 400;
  }
}

export function fromDatabaseError(error: DatabaseErrorLike, role: Role): RestError {
  const status = statusForSqlState(error.code, role);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
}
