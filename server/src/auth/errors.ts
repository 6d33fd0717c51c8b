/**
 * Errors in GoTrue's legacy shape, `{ code: <status>, error_code, msg }`: supabase-js reads
 * `msg` into `error.message` and `error_code` into `error.code`.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra answer headers, e.g. Retry-After. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }

  get body(): { code: number; error_code: string; msg: string } {
    return { code: this.status, error_code: this.errorCode, msg: this.message };
  }
}

const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });

export const invalidEmail = () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
export const weakPassword = () => new AuthError(422, 'weak_password', 'Password should be at least 6 characters.');
export const userExists = () => new AuthError(422, 'user_already_exists', 'User already registered');
export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const refreshTokenNotFound = () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
export const badJwt = (detail: string) => new AuthError(401, 'bad_jwt', `invalid JWT: ${detail}`);
/** GoTrue's answer to an access token whose session was ended (signed out). */
export const sessionNotFound = () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
export const tooManyRequests = (message: string, seconds: number) =>
  new AuthError(429, 'over_request_rate_limit', message, retryAfter(seconds));
export const serverBusy = () =>
  new AuthError(503, 'server_busy', 'Too many sign-ins at once. Try again in a moment.', retryAfter(2));
export const databaseUnavailable = () =>
  new AuthError(503, 'database_unavailable', 'The database is unavailable. Try again shortly.', retryAfter(5));
