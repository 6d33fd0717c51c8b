/**
 * The subset of Supabase GoTrue's `/auth/v1` that supabase-js uses: sign-up (auto-confirmed),
 * sign-in with password, refresh with rotation, the current user, sign-out. Every request
 * carries this server's anon key as `apikey`, as Supabase's gateway requires.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readJsonBody } from '../ai/body';
import type { Database } from '../db/database';
import type { ApiHandler } from '../http/server';
import { AuthError, badJwt, invalidCredentials, refreshTokenNotFound, tooManySignIns, userExists } from './errors';
import { bearerToken, headerValue, sendJson, sendNoContent, sendPreflight } from './http';
import type { Keys } from './keys';
import { hashPassword, verifyPassword } from './passwords';
import { issueRefreshToken, revokeUserTokens, rotateRefreshToken } from './refresh-tokens';
import { ensureAuthSchema } from './schema';
import { SignInThrottle } from './throttle';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRow } from './users';
import { checkNewPassword, MAX_PASSWORD_LENGTH, normalizeEmail, optionalUsername } from './validate';

export const AUTH_PREFIX = '/auth/v1';

export interface AuthApiOptions {
  db: Database;
  keys: Keys;
  /** The clock, for tests: token expiry, refresh-token expiry and the sign-in throttle. */
  now?: () => Date;
}

type Body = Record<string, unknown>;

export async function createAuthApi({ db, keys, now = () => new Date() }: AuthApiOptions): Promise<ApiHandler> {
  await ensureAuthSchema(db);
  const throttle = new SignInThrottle(now);
  // Unknown e-mails are checked against this, so they take as long as wrong passwords.
  const decoyHash = await hashPassword(randomBytes(16).toString('base64url'));

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

  async function signUp(body: Body) {
    const email = normalizeEmail(body.email);
    const password = checkNewPassword(body.password);
    const username = optionalUsername(body.data);
    // Checked first so a taken address costs no hashing; the insert below settles races.
    if (await findUserByEmail(db, email)) throw userExists();
    const passwordHash = await hashPassword(password);
    return db.transaction(async (tx) => {
      const user = await insertUser(tx, email, passwordHash, username);
      if (!user) throw userExists();
      return session(user, await issueRefreshToken(tx, user.id, now()));
    });
  }

  async function signInWithPassword(body: Body) {
    if (typeof body.email !== 'string' || body.email.trim() === '') throw new AuthError(400, 'validation_failed', 'missing email or phone');
    const email = body.email.trim().toLowerCase();
    if (throttle.blocked(email)) throw tooManySignIns();
    // Counted as a failure before checking, so guesses sent in parallel are held to the limit too.
    throttle.fail(email);
    const password = typeof body.password === 'string' && body.password.length <= MAX_PASSWORD_LENGTH ? body.password : undefined;
    const user = await findUserByEmail(db, email);
    const matches = await verifyPassword(user?.encrypted_password ?? decoyHash, password ?? '');
    if (!user || password === undefined || !matches) throw invalidCredentials();
    throttle.succeed(email);
    return session(user, await issueRefreshToken(db, user.id, now()));
  }

  async function refresh(body: Body) {
    if (typeof body.refresh_token !== 'string' || body.refresh_token === '') throw refreshTokenNotFound();
    const rotated = await rotateRefreshToken(db, body.refresh_token, now());
    if (!rotated) throw refreshTokenNotFound();
    const user = await findUserById(db, rotated.userId);
    if (!user) throw refreshTokenNotFound();
    return session(user, rotated.token);
  }

  /** The user an `Authorization: Bearer <access token>` names. */
  async function authenticatedUser(req: IncomingMessage): Promise<UserRow> {
    const token = bearerToken(req);
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
  }

  async function hasApiKey(req: IncomingMessage): Promise<boolean> {
    const apiKey = headerValue(req, 'apikey');
    if (!apiKey) return false;
    try {
      return (await keys.verify(apiKey)).role === 'anon';
    } catch {
      return false;
    }
  }

  async function readBody(req: IncomingMessage): Promise<Body> {
    const result = await readJsonBody(req);
    if (!result.ok) {
      throw result.status === 413
        ? new AuthError(413, 'request_too_large', result.error)
        : new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${result.error}`);
    }
    if (typeof result.value !== 'object' || result.value === null || Array.isArray(result.value)) {
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
    }
    return result.value as Body;
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.slice(AUTH_PREFIX.length).replace(/\/+$/, '');
    const method = req.method ?? 'GET';
    const expect = (allowed: string) => {
      if (method !== allowed) throw new AuthError(405, 'method_not_allowed', `${method} is not allowed on ${url.pathname}`);
    };
    switch (path) {
      case '/signup':
        expect('POST');
        return sendJson(res, 200, await signUp(await readBody(req)));
      case '/token': {
        expect('POST');
        const grant = url.searchParams.get('grant_type');
        if (grant !== 'password' && grant !== 'refresh_token') {
          req.resume();
          throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
        }
        const body = await readBody(req);
        return sendJson(res, 200, grant === 'password' ? await signInWithPassword(body) : await refresh(body));
      }
      case '/user': {
        expect('GET');
        req.resume();
        return sendJson(res, 200, userJson(await authenticatedUser(req)));
      }
      case '/logout': {
        expect('POST');
        req.resume();
        const user = await authenticatedUser(req);
        // Every scope (global, local, others) revokes all of the user's refresh tokens.
        await revokeUserTokens(db, user.id, now());
        return sendNoContent(res);
      }
      default:
        throw new AuthError(404, 'not_found', `${url.pathname} is not an auth endpoint`);
    }
  }

  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== AUTH_PREFIX && !url.pathname.startsWith(`${AUTH_PREFIX}/`)) return false;
    if (req.method === 'OPTIONS') {
      req.resume();
      sendPreflight(req, res);
      return true;
    }
    try {
      if (!(await hasApiKey(req))) {
        req.resume();
        sendJson(res, 401, { message: 'Invalid API key' });
        return true;
      }
      await route(req, res, url);
    } catch (error) {
      if (error instanceof AuthError) {
        sendJson(res, error.status, error.body);
      } else {
        console.error('auth request failed', req.method, url.pathname, error);
        // JSON with CORS headers, so a browser's supabase-js sees a server error, not a network failure.
        if (!res.headersSent && !res.destroyed) sendJson(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure' });
        else res.destroy();
      }
    }
    return true;
  };
}
