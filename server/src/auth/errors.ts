/**
 * Errors in GoTrue's legacy shape, `{ code: <status>, error_code, msg }`: supabase-js reads
 * `msg` into `error.message` and `error_code` into `error.code`.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuthError';
  }

  get body(): { code: number; error_code: string; msg: string } {
    return { code: this.status, error_code: this.errorCode, msg: this.message };
  }
}

export const invalidEmail = () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
export const weakPassword = () => new AuthError(422, 'weak_password', 'Password should be at least 6 characters.');
export const userExists = () => new AuthError(422, 'user_already_exists', 'User already registered');
export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const refreshTokenNotFound = () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
export const badJwt = (detail: string) => new AuthError(401, 'bad_jwt', `invalid JWT: ${detail}`);
export const tooManySignIns = () => new AuthError(429, 'over_request_rate_limit', 'Too many sign-in attempts. Try again later.');
