/**
 * What the auth API does, apart from HTTP: sign-up (auto-confirmed), sign-in with a password,
 * refresh with rotation, the current user, sign-out. Each returns GoTrue's answer or throws an
 * AuthError.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { AuthError, badJwt, invalidCredentials, refreshTokenNotFound, userExists } from './errors';
import type { Keys } from './keys';
import type { Hasher } from './passwords';
import { issueRefreshToken, revokeUserTokens, rotateRefreshToken } from './refresh-tokens';
import type { Throttles } from './throttles';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRow } from './users';
import { checkNewPassword, MAX_PASSWORD_LENGTH, normalizeEmail, optionalUsername } from './validate';

export type Body = Record<string, unknown>;

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

  async function session(user: UserRow, refreshToken: string) {
    const { token, expiresAt } = await keys.accessToken({ id: user.id, email: user.email }, now());
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: expiresAt - Math.floor(now().getTime() / 1000),
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
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
        return session(user, await issueRefreshToken(tx, user.id, now()));
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
      return session(user, await issueRefreshToken(db, user.id, now()));
    },

    async refresh(body: Body, address: string) {
      await throttles.refresh(address);
      if (typeof body.refresh_token !== 'string' || body.refresh_token === '') throw refreshTokenNotFound();
      const rotated = await rotateRefreshToken(db, body.refresh_token, now());
      if (!rotated) throw refreshTokenNotFound();
      const user = await findUserById(db, rotated.userId);
      if (!user) throw refreshTokenNotFound();
      return session(user, rotated.token);
    },

    /** The user an access token names. */
    async user(token: string | undefined): Promise<UserRow> {
      if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
      let sub: string | undefined;
      try {
        const claims = await keys.verify(token);
        sub = claims.role === 'authenticated' ? claims.sub : undefined;
      } catch (error) {
        throw badJwt(error instanceof Error ? error.message : String(error));
      }
      if (!sub) throw badJwt('token names no user');
      const user = await findUserById(db, sub);
      if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      return user;
    },

    /** Every scope (global, local, others) revokes all of the user's refresh tokens. */
    signOut: (user: UserRow) => revokeUserTokens(db, user.id, now()),
  };
}

export type Accounts = Awaited<ReturnType<typeof createAccounts>>;
