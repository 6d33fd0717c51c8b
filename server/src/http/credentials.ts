/**
 * What a request to the data and auth APIs carries, read in one place: the `apikey` that
 * Supabase's gateway requires (this server's anon key), and the `Authorization: Bearer` token.
 */
import type { MiddlewareHandler } from 'hono';
import type { Keys } from '../auth/keys';

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/** Verified keys are remembered (a few, by their text): each request would otherwise verify an HMAC. */
const REMEMBERED_KEYS = 16;

/**
 * Refuses a request without a valid anon key, as Supabase's gateway does, with its messages.
 * Preflights pass: browsers never send credentials with them.
 */
export function requireApiKey(keys: Pick<Keys, 'verify'>): MiddlewareHandler {
  const valid = new Set<string>();
  const isApiKey = async (key: string) => {
    if (valid.has(key)) return true;
    const ok = await keys.verify(key).then((claims) => claims.role === 'anon', () => false);
    if (ok) {
      if (valid.size >= REMEMBERED_KEYS) valid.clear();
      valid.add(key);
    }
    return ok;
  };
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    if (!key) return c.json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401);
    if (!(await isApiKey(key))) return c.json({ message: 'Invalid API key', hint: 'Double check your anon API key.' }, 401);
    return next();
  };
}
