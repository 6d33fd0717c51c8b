/**
 * Sign-up and sign-in input, checked before anything is hashed or stored. E-mails and usernames
 * are trimmed and NFKC-normalised, so look-alike forms (fullwidth letters, ligatures, ſ) become
 * one; control and invisible format characters (zero-width spaces, bidi overrides) are refused
 * with a message; an e-mail mixing scripts in one part ("аlice", a Cyrillic а) is refused too.
 * Usernames follow the rule of every player's name (src/game/names.ts), the lobby's too.
 */
import { nameProblem, normalName } from '../../../src/game/names';
import { AuthError, invalidEmail, weakPassword } from './errors';

export const MIN_PASSWORD_LENGTH = 6;
/** Argon2 hashes any length, but a megabyte of password is only a way to burn CPU. */
export const MAX_PASSWORD_LENGTH = 1024;
/** The lobby's limit, so a name fits wherever it is shown. */
export const MAX_USERNAME_LENGTH = 20;
const MAX_EMAIL_LENGTH = 255;

// One @, no spaces, a dotted domain: what GoTrue's format check accepts in practice.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/u;
/** In an e-mail: control, format (zero-width, bidi, soft hyphen), line and paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati',
  'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Georgian',
  'Hangul', 'Ethiopic', 'Khmer', 'Hiragana', 'Katakana', 'Bopomofo', 'Han',
].map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);
/** Scripts written together (Unicode TS #39, "highly restrictive"); any other mix is refused. */
const WRITTEN_TOGETHER = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(letter: string): string {
  return SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0] ?? `other ${letter}`;
}

/** True when `text` mixes scripts that are not written together, the mark of a look-alike. */
export function mixesScripts(text: string): boolean {
  const scripts = new Set([...text].filter((char) => /\p{L}/u.test(char)).map(scriptOf));
  if (scripts.size <= 1) return false;
  return !WRITTEN_TOGETHER.some((allowed) => [...scripts].every((script) => allowed.has(script)));
}

/** The e-mail trimmed, NFKC-normalised and lower-cased, as it is stored, or a 400 naming the problem. */
export function normalizeEmail(value: unknown): string {
  if (typeof value !== 'string') throw invalidEmail();
  const trimmed = value.trim();
  if (INVISIBLE.test(trimmed)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: it contains control or invisible characters');
  }
  const email = trimmed.normalize('NFKC').toLowerCase();
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH || !EMAIL_FORMAT.test(email)) throw invalidEmail();
  const [local = '', domain = ''] = email.split('@');
  if ([local, ...domain.split('.')].some(mixesScripts)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: it mixes letters of different scripts');
  }
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

/**
 * The username from sign-up's `data` in the normal form of names (src/game/names.ts, the lobby's
 * rule too: trimmed, NFKC-normalised); undefined when absent or blank (nothing in it shows).
 */
export function optionalUsername(data: unknown): string | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof data !== 'object' || Array.isArray(data)) throw new AuthError(400, 'validation_failed', 'data must be an object');
  const raw = (data as Record<string, unknown>).username;
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') throw new AuthError(400, 'validation_failed', 'Username must be a string.');
  const username = normalName(raw);
  const problem = nameProblem(username);
  if (problem === 'blank') return undefined;
  if (problem === 'invisible') {
    throw new AuthError(400, 'validation_failed', 'Username must not contain control or invisible characters.');
  }
  if ([...username].length > MAX_USERNAME_LENGTH) {
    throw new AuthError(400, 'validation_failed', `Username should be at most ${MAX_USERNAME_LENGTH} characters.`);
  }
  return username;
}
