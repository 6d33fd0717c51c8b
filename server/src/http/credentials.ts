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

export const NO_API_KEY = { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };
export const INVALID_API_KEY = { message: 'Invalid API key', hint: 'Double check your anon API key.' };

/** Checks an apikey as Supabase's gateway does: the answer to send when it is refused, else undefined. */
export function apiKeyCheck(keys: Pick<Keys, 'verify'>): (key: string | undefined) => Promise<typeof NO_API_KEY | undefined> {
  const valid = new Set<string>();
  return async (key) => {
    if (!key) return NO_API_KEY;
    if (valid.has(key)) return undefined;
    const ok = await keys.verify(key).then((claims) => claims.role === 'anon', () => false);
    if (!ok) return INVALID_API_KEY;
    if (valid.size >= REMEMBERED_KEYS) valid.clear();
    valid.add(key);
    return undefined;
  };
}

/** Refuses a request without a valid anon key with 401. Preflights pass: browsers never send credentials with them. */
export function requireApiKey(keys: Pick<Keys, 'verify'>): MiddlewareHandler {
  const check = apiKeyCheck(keys);
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const refusal = await check(c.req.header('apikey') ?? c.req.query('apikey'));
    return refusal ? c.json(refusal, 401) : next();
  };
}
