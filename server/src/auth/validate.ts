/** Checks of sign-up and sign-in input, before anything is hashed or stored. */
import { AuthError, invalidEmail, weakPassword } from './errors';

export const MIN_PASSWORD_LENGTH = 6;
/** Argon2 hashes any length, but a megabyte of password is only a way to burn CPU. */
export const MAX_PASSWORD_LENGTH = 1024;
/** As long as `profiles.username` may be (the sign-up trigger cuts at 50). */
export const MAX_USERNAME_LENGTH = 50;
const MAX_EMAIL_LENGTH = 255;

// One @, no spaces or control characters, a dotted domain: what GoTrue's format check accepts in practice.
const EMAIL_FORMAT = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}.]+$/u;

/** The e-mail trimmed and lower-cased, as GoTrue stores it, or a 400. */
export function normalizeEmail(value: unknown): string {
  if (typeof value !== 'string') throw invalidEmail();
  const email = value.trim().toLowerCase();
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH || !EMAIL_FORMAT.test(email)) throw invalidEmail();
  return email;
}

/** The password if it is long enough, else a 422. Length counts characters, not UTF-16 units. */
export function checkNewPassword(value: unknown): string {
  if (typeof value !== 'string' || [...value].length < MIN_PASSWORD_LENGTH) throw weakPassword();
  if ([...value].length > MAX_PASSWORD_LENGTH) {
    throw new AuthError(422, 'validation_failed', `Password should be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
  return value;
}

/** The username from sign-up's `data`, trimmed; undefined when absent or blank (the e-mail's local part is used). */
export function optionalUsername(data: unknown): string | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof data !== 'object' || Array.isArray(data)) throw new AuthError(400, 'validation_failed', 'data must be an object');
  const raw = (data as Record<string, unknown>).username;
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') throw new AuthError(400, 'validation_failed', 'Username must be a string.');
  const username = raw.trim();
  if (username.length === 0) return undefined;
  if ([...username].length > MAX_USERNAME_LENGTH) {
    throw new AuthError(400, 'validation_failed', `Username should be at most ${MAX_USERNAME_LENGTH} characters.`);
  }
  return username;
}
