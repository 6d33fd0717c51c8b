/**
 * Who is asking: the `apikey` header must be a key this server signed (as Supabase's gateway
 * checks), and `Authorization: Bearer <token>` (else the apikey itself) gives the role and
 * the claims Postgres sees in `request.jwt.claims`.
 */
import type { IncomingMessage } from 'node:http';
import type { Claims, Keys } from '../auth/keys';
import { RestError } from './errors';
import type { Role } from './schema';

export interface Caller {
  role: Role;
  claims: Claims;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function jwtError(message: 'JWT expired' | 'JWT invalid', details: string | null): RestError {
  return new RestError(401, 'PGRST301', message, details, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });
}

export async function authenticate(req: IncomingMessage, keys: Keys): Promise<Caller> {
  const apikey = header(req, 'apikey');
  if (!apikey) {
    throw new RestError(401, null, 'No API key found in request', null, 'No `apikey` request header was found.');
  }
  const keyClaims = await keys.verify(apikey).catch(() => {
    throw new RestError(401, null, 'Invalid API key', null, 'Double check your Supabase `anon` API key.');
  });
  const authorization = header(req, 'authorization');
  if (authorization === undefined) return { role: keyClaims.role, claims: keyClaims };
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!bearer) throw jwtError('JWT invalid', 'expected "Authorization: Bearer <token>"');
  try {
    const claims = await keys.verify(bearer[1]!);
    return { role: claims.role, claims };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_JWT_EXPIRED') throw jwtError('JWT expired', null);
    throw jwtError('JWT invalid', error instanceof Error ? error.message : null);
  }
}
