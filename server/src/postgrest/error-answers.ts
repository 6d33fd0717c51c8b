/**
 * PostgREST's error answers, as the data API passes them on. A 5xx's details say what failed
 * inside the server (a 503 named the database's socket path, "connection to server on socket
 * /…/.s.PGSQL.5432 failed"), which is the operator's business, not a stranger's: the client gets
 * the error's code and its message when that names no path (a statement time-out's, "canceling
 * statement due to statement timeout", as hosted Supabase gives it), else a plain one; 503s and
 * 504s say when to come back. A 400 without a SQLSTATE (empty code and message) is no error in the
 * request but a database connection that broke while the statement ran: it is the database going
 * down, so it is a 503 too.
 */

export interface ErrorAnswer {
  status: number;
  body: { code: string | null; message: string; details: null; hint: null };
  /** Seconds, for Retry-After. */
  retryAfter?: number;
  /** PostgREST's own message was not passed on: worth a line in the server's log. */
  hidden: boolean;
}

/** PostgREST's error answers are a few hundred bytes; anything past this is not one of them. */
export const MAX_ERROR_BODY = 64 * 1024;

/** Statuses whose answers are read whole and looked at before they go on. */
export const isInspected = (status: number) => status === 400 || status >= 500;

const MESSAGES: Record<number, string> = {
  500: 'Internal server error',
  502: 'The data API failed to answer. Try again shortly.',
  503: 'The database is unavailable. Try again shortly.',
  504: 'The database is busy. Try again shortly.',
};

/** The answer to send instead of PostgREST's, or undefined to send PostgREST's as it is. */
export function rewriteErrorAnswer(status: number, body: string, upstreamRetryAfter: string | undefined): ErrorAnswer | undefined {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value === 'object' && value !== null) parsed = value;
  } catch {
    // Not JSON: PostgREST's web server answers some failures with plain text ("Something went wrong").
  }
  const code = typeof parsed.code === 'string' && /^[A-Z0-9]{5,8}$/.test(parsed.code) ? parsed.code : null;
  // PostgREST retries the database from 0 s on: at least 1 s, so clients wait a moment rather than ask again at once.
  const retryAfter = Math.max(1, Number(upstreamRetryAfter) || 5);
  if (status === 400) {
    const noSqlState = parsed.code === '' || (parsed.code === null && parsed.message === '');
    if (!noSqlState) return undefined;
    return { status: 503, body: { code: 'PGRST001', message: MESSAGES[503]!, details: null, hint: null }, retryAfter, hidden: false };
  }
  // A path has a slash in it; a message of a few words without one names none.
  const own = typeof parsed.message === 'string' && parsed.message.length <= 200 && !/[/\\]/.test(parsed.message) ? parsed.message : undefined;
  const message = status === 503 || own === undefined ? (MESSAGES[status] ?? MESSAGES[500]!) : own;
  const answer: ErrorAnswer = { status, body: { code, message, details: null, hint: null }, hidden: status !== 503 && own === undefined };
  if (status === 503) answer.retryAfter = retryAfter;
  if (status === 504) answer.retryAfter = 1;
  return answer;
}
