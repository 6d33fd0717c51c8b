/**
 * Refresh tokens: 32 random bytes (base64url) handed out once and stored only as a SHA-256
 * hash. Each refresh revokes the token and issues its successor in the same family; a revoked
 * token presented again means it leaked, so its whole family is revoked. A family is one
 * session's tokens (its id is the session's, sessions.ts): ending the session deletes them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';

/** A token unused this long expires; every refresh starts a new one. */
export const REFRESH_TOKEN_DAYS = 30;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Stores a new token of `session` (the successor of `parentId` when given) and returns it. */
export async function issueRefreshToken(
  db: Queryable,
  session: { userId: string; sessionId: string },
  now: Date,
  parentId?: string | number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + REFRESH_TOKEN_DAYS * 24 * 3600 * 1000);
  await db.query(
    `insert into local_auth.refresh_tokens (token_hash, user_id, family, parent_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)`,
    [hashToken(token), session.userId, session.sessionId, parentId ?? null, now.toISOString(), expires.toISOString()],
  );
  return token;
}

/**
 * Exchanges a live token for a new one: `{ userId, sessionId, token }`, or undefined when the
 * token is unknown (its session ended), expired or revoked (revoking its family if it was
 * revoked). Concurrent refreshes with one token: PostgreSQL's row lock lets one win; the other
 * counts as reuse.
 */
export async function rotateRefreshToken(db: Database, token: string, now: Date): Promise<{ userId: string; sessionId: string; token: string } | undefined> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const [live] = await tx.query<{ id: string | number; user_id: string; family: string }>(
      `update local_auth.refresh_tokens set revoked = true
       where token_hash = $1 and not revoked and expires_at > $2::timestamptz
       returning id, user_id, family`,
      [tokenHash, now.toISOString()],
    );
    if (live) {
      const session = { userId: live.user_id, sessionId: live.family };
      return { ...session, token: await issueRefreshToken(tx, session, now, live.id) };
    }
    const [reused] = await tx.query<{ family: string }>(
      'select family from local_auth.refresh_tokens where token_hash = $1 and revoked',
      [tokenHash],
    );
    if (reused) {
      await tx.query('update local_auth.refresh_tokens set revoked = true where family = $1 and not revoked', [reused.family]);
    }
    return undefined;
  });
}
