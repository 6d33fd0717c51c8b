/**
 * `/auth/v1`: the part of Supabase GoTrue's API that supabase-js uses, as a Hono app mounted by
 * the HTTP edge (which checks the apikey, CORS and body size first).
 */
import { Hono, type Context } from 'hono';
import type { Database } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { bearerToken } from '../http/credentials';
import { logFailure } from '../log';
import { createAccounts, type Body } from './accounts';
import { AuthError, databaseUnavailable } from './errors';
import type { Keys } from './keys';
import { createHasher, type Hasher } from './passwords';
import { createThrottles, DEFAULT_LIMITS, type AuthLimits } from './throttles';
import { userJson } from './users';

export const AUTH_PREFIX = '/auth/v1';

export interface AuthApiOptions {
  db: Database;
  keys: Keys;
  /** The client's address, for the throttles (the edge knows about proxies). */
  clientAddress: (c: Context) => string;
  /** The clock, for tests: token and refresh-token expiry. */
  now?: () => Date;
  limits?: AuthLimits;
  hasher?: Hasher;
}

export async function createAuthApi({ db, keys, clientAddress, now = () => new Date(), limits = DEFAULT_LIMITS, hasher = createHasher() }: AuthApiOptions): Promise<Hono> {
  const accounts = await createAccounts({ db, keys, hasher, throttles: createThrottles(db, limits), now });
  const app = new Hono({ strict: false });

  app.post('/signup', async (c) => c.json(await accounts.signUp(await jsonObject(c), clientAddress(c))));
  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    if (grant !== 'password' && grant !== 'refresh_token') throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
    const body = await jsonObject(c);
    const address = clientAddress(c);
    return c.json(grant === 'password' ? await accounts.signIn(body, address) : await accounts.refresh(body, address));
  });
  app.get('/user', async (c) => c.json(userJson((await accounts.caller(bearerToken(c.req.header('authorization')))).user)));
  // As GoTrue: the caller first (401, or 403 once the session ended), then the scope.
  app.post('/logout', async (c) => {
    await accounts.signOut(await accounts.caller(bearerToken(c.req.header('authorization'))), c.req.query('scope'));
    return c.body(null, 204);
  });
  for (const path of ['/signup', '/token', '/user', '/logout']) {
    app.all(path, (c) => {
      throw new AuthError(405, 'method_not_allowed', `${c.req.method} is not allowed on ${c.req.path}`);
    });
  }
  app.all('*', (c) => {
    throw new AuthError(404, 'not_found', `${c.req.path} is not an auth endpoint`);
  });

  app.onError((error, c) => {
    c.header('Cache-Control', 'no-store');
    if (error instanceof AuthError) return c.json(error.body, error.status as 400, error.headers);
    if (isDatabaseUnavailable(error)) return c.json(databaseUnavailable().body, 503, databaseUnavailable().headers);
    logFailure(`auth ${c.req.method} ${c.req.path}`, error);
    return c.json({ code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure' }, 500);
  });
  return app;
}

async function jsonObject(c: Context): Promise<Body> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${error instanceof Error ? error.message : 'invalid'}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return value as Body;
}
