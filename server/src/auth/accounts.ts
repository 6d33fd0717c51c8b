/**
 * What the auth API does, apart from HTTP: sign-up (auto-confirmed), sign-in with a password
 * (each starts a session, sessions.ts), refresh with rotation, the current user, sign-out (ends
 * sessions). Each returns GoTrue's answer or throws an AuthError.
 */
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { AuthError, badJwt, invalidCredentials, refreshTokenNotFound, sessionNotFound, userExists } from './errors';
import type { Claims, Keys } from './keys';
import type { Hasher } from './passwords';
import { issueRefreshToken, rotateRefreshToken } from './refresh-tokens';
import { endSessions, sessionEnded, SIGN_OUT_SCOPES, startSession, type SignOutScope } from './sessions';
import type { Throttles } from './throttles';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRow } from './users';
import { checkNewPassword, MAX_PASSWORD_LENGTH, normalizeEmail, optionalUsername } from './validate';

export type Body = Record<string, unknown>;

/** Who sent a request: the user its access token names, in the session it names (none in a token from before sessions). */
export interface Caller {
  user: UserRow;
  sessionId: string | undefined;
}

export interface AccountsOptions {
  db: Database;
  keys: Keys;
  hasher: Hasher;
  throttles: Throttles;
  /** The clock of tokens and refresh-token expiry (tests move it). */
  now: () => Date;
}

export async function createAccounts({ db, keys, hasher, throttles, now }: AccountsOptions) {
  // Unknown e-mails are checked against this, so they take as long as wrong passwords.
  const decoyHash = await hasher.hash(randomBytes(16).toString('base64url'));

  async function session(user: UserRow, sessionId: string, refreshToken: string) {
    const { token, expiresAt } = await keys.accessToken({ id: user.id, email: user.email }, now(), sessionId);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: expiresAt - Math.floor(now().getTime() / 1000),
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }


  /** A new session of `user`, with its first refresh token, as GoTrue answers a sign-in. */
  async function signedIn(tx: Queryable, user: UserRow) {
    const sessionId = await startSession(tx, user.id, now());
    return session(user, sessionId, await issueRefreshToken(tx, { userId: user.id, sessionId }, now()));
  }

  return {
    async signUp(body: Body, address: string) {
      const email = normalizeEmail(body.email);
      const password = checkNewPassword(body.password);
      const username = optionalUsername(body.data);
      await throttles.signUp(address);
      // Checked first so a taken address costs no hashing; the insert below settles races.
      if (await findUserByEmail(db, email)) throw userExists();
      const passwordHash = await hasher.hash(password);
      return db.transaction(async (tx) => {
        const user = await insertUser(tx, email, passwordHash, username);
        if (!user) throw userExists();
        return signedIn(tx, user);
      });
    },

    async signIn(body: Body, address: string) {
      if (typeof body.email !== 'string' || body.email.trim() === '') throw new AuthError(400, 'validation_failed', 'missing email or phone');
      let email: string | undefined;
      try {
        email = normalizeEmail(body.email);
      } catch {
        // No account can have such an address: a failed attempt like any other.
      }
      const key = email ?? body.email.trim().toLowerCase();
      await throttles.signInAttempt(key, address);
      const password = typeof body.password === 'string' && body.password.length <= MAX_PASSWORD_LENGTH ? body.password : undefined;
      const user = email ? await findUserByEmail(db, email) : undefined;
      const matches = await hasher.verify(user?.encrypted_password ?? decoyHash, password ?? '');
      if (!user || password === undefined || !matches) throw invalidCredentials();
      await throttles.signInSucceeded(key, address);
      return db.transaction((tx) => signedIn(tx, user));
    },

    async refresh(body: Body, address: string) {
      await throttles.refresh(address);
      if (typeof body.refresh_token !== 'string' || body.refresh_token === '') throw refreshTokenNotFound();
      const rotated = await rotateRefreshToken(db, body.refresh_token, now());
      if (!rotated) throw refreshTokenNotFound();
      const user = await findUserById(db, rotated.userId);
      if (!user) throw refreshTokenNotFound();
      return session(user, rotated.sessionId, rotated.token);
    },

    /**
     * The user and session an access token names: 403 session_not_found once the session ended
     * (signed out), as GoTrue answers; checked against the database at every request, which
     * only /user and /logout make.
     */
    async caller(token: string | undefined): Promise<Caller> {
      if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
      let claims: Claims;
      try {
        claims = await keys.verify(token);
      } catch (error) {
        throw badJwt(error instanceof Error ? error.message : String(error));
      }
      const sub = claims.role === 'authenticated' ? claims.sub : undefined;
      if (!sub) throw badJwt('token names no user');
      const user = await findUserById(db, sub);
      if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (await sessionEnded(db, claims)) throw sessionNotFound();
      return { user, sessionId: claims.session_id };
    },

    /** Ends the caller's sessions by GoTrue's `scope` (global when not given): their tokens refresh nothing and sign nobody in. */
    async signOut({ user, sessionId }: Caller, scope: string | undefined) {
      const wanted = scope === undefined || scope === '' ? 'global' : scope;
      if (!(SIGN_OUT_SCOPES as readonly string[]).includes(wanted)) {
        throw new AuthError(400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(wanted)}`);
      }
      await endSessions(db, user.id, sessionId, wanted as SignOutScope, now());
    },
  };
}

export type Accounts = Awaited<ReturnType<typeof createAccounts>>;
