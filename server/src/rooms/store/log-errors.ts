/**
 * What a failed write of the room log means (journal.ts): the database out of reach or busy (try
 * again until it commits: nothing accepted is dropped), or an entry it will never take (bad data,
 * a broken rule: that entry is refused, and the others go in without it).
 */
import { isDatabaseUnavailable } from '../../db/unavailable';

/** The SQLSTATE of a database error, if it has one. */
export function sqlstate(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * Try again later, whatever the entries: the database cannot be reached, or it gave the statement
 * up without judging the data (a deadlock or serialization failure, class 40, is "try again" by
 * definition; a cancelled statement, 57014, is a time-out under load or an operator).
 */
export function isPassing(error: unknown): boolean {
  const code = sqlstate(error);
  return isDatabaseUnavailable(error) || code === '57014' || code?.startsWith('40') === true;
}

/** Data the database will never take: a data exception (class 22) or a broken constraint (class 23). */
export function isBadData(error: unknown): boolean {
  const code = sqlstate(error);
  return code?.startsWith('22') === true || code?.startsWith('23') === true;
}
