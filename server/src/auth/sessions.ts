/**
 * Sessions, as GoTrue keeps them: one per sign-in, named in its access tokens (`session_id`) and
 * owning its refresh tokens (one family, whose id is the session's). Signing out deletes sessions
 * (GoTrue's scopes: global, local, others), and with them their refresh tokens; the access tokens
 * of an ended session are refused where the server checks who is signed in: /auth/v1/user and the
 * game server's handshake (rated games, quick play by rating).
 *
 * PostgREST, as on hosted Supabase, checks only a token's signature and expiry: an ended session's
 * access token still reads and writes through /rest/v1, under row-level security, for the rest of
 * its hour at most (ACCESS_TOKEN_SECONDS). Everything it could write there is its own user's.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import type { Claims, Keys } from './keys';

/** What sign-out ends: every session of the user, the caller's, or every other one. */
export const SIGN_OUT_SCOPES = ['global', 'local', 'others'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Starts a session of `userId` and returns its id. Sessions of the user whose refresh tokens have
 * all expired go first: none of their access tokens can be valid any more.
 */
export async function startSession(db: Queryable, userId: string, now: Date): Promise<string> {
  await dropExpiredSessions(db, userId, now);
  const id = randomUUID();
  await db.query('insert into local_auth.sessions (id, user_id, created_at) values ($1, $2, $3::timestamptz)', [id, userId, now.toISOString()]);
  return id;
}

/**
 * Whether the session a signed-in token names has ended (signed out, or never existed). A token
 * without a session id was issued before sessions existed; it is taken on its signature, as it
 * was then, because it expires within the hour after the upgrade and refusing it would sign out
 * every player at once.
 */
export async function sessionEnded(db: Queryable, { sub, session_id: sessionId }: Pick<Claims, 'sub' | 'session_id'>): Promise<boolean> {
  if (sessionId === undefined) return false;
  if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return true;
  const rows = await db.query('select 1 from local_auth.sessions where id = $1 and user_id = $2', [sessionId, sub]);
  return rows.length === 0;
}

/**
 * Ends sessions of `userId` by `scope`, `sessionId` being the caller's. A caller without one (a
 * token from before sessions) ends them all, whatever the scope, as GoTrue does.
 */
export async function endSessions(db: Database, userId: string, sessionId: string | undefined, scope: SignOutScope, now: Date): Promise<void> {
  const which =
    scope === 'global' || sessionId === undefined
      ? { where: 'user_id = $1', params: [userId] }
      : { where: `user_id = $1 and id ${scope === 'local' ? '=' : '<>'} $2`, params: [userId, sessionId] };
  await db.transaction(async (tx) => {
    // The refresh tokens first, then the sessions: a refresh locks its token and then (inserting
    // the successor) its session, so taking them in the same order cannot deadlock with it.
    await tx.query(`delete from local_auth.refresh_tokens where family in (select id from local_auth.sessions where ${which.where})`, which.params);
    await tx.query(`delete from local_auth.sessions where ${which.where}`, which.params);
    await dropExpiredSessions(tx, userId, now);
  });
}

/**
 * The user an access token signs in on the game server, or undefined (the player is anonymous):
 * a valid `authenticated` token whose session has not ended (sessionEnded, the rule /user holds
 * to). Without a database (the game server on its own, in memory) there are no sessions to look up.
 */
export async function signedInUser(keys: Pick<Keys, 'verify'>, db: Queryable | undefined, token: string): Promise<string | undefined> {
  const claims = await keys.verify(token).catch(() => undefined);
  if (claims?.role !== 'authenticated' || !claims.sub) return undefined;
  if (db && (await sessionEnded(db, claims))) return undefined;
  return claims.sub;
}

async function dropExpiredSessions(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query(
    `delete from local_auth.sessions s where s.user_id = $1
       and not exists (select 1 from local_auth.refresh_tokens t where t.family = s.id and t.expires_at > $2::timestamptz)`,
    [userId, now.toISOString()],
  );
}
