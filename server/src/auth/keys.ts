/**
 * The server's signing secret and the keys made from it, as Supabase has them:
 * the anon key is a long-lived HS256 JWT with role `anon`; access tokens are
 * short-lived HS256 JWTs with role `authenticated`, the user's id as `sub` and the session's
 * as `session_id` (sessions.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jwtVerify, SignJWT } from 'jose';

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));
export const ISSUER = 'cell-connection';
/** The anon key's dates: 2026-01-01 and 2046-01-01. */
const ANON_KEY_ISSUED_AT = 1_767_225_600;
const ANON_KEY_EXPIRES_AT = 2_398_377_600;
/** Access tokens live an hour, as Supabase's do by default. */
export const ACCESS_TOKEN_SECONDS = 3600;

export interface Claims {
  sub?: string;
  email?: string;
  role: 'anon' | 'authenticated';
  /** The session the token was issued in; none in tokens from before sessions. */
  session_id?: string;
  exp?: number;
  iat?: number;
}

export interface Keys {
  anonKey: string;
  /** An access token for a signed-in user, in session `sessionId`. */
  accessToken(user: { id: string; email: string }, now?: Date, sessionId?: string): Promise<{ token: string; expiresAt: number }>;
  /** The claims of a valid token signed by this server, or an error naming the problem. */
  verify(token: string): Promise<Claims>;
}

/** JWT_SECRET, or a secret generated once into `dataDir/jwt-secret`. */
export function loadSecret(env: NodeJS.ProcessEnv = process.env, dataDir = env.DATA_DIR || DEFAULT_DATA_DIR): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

export async function createKeys(secret: string): Promise<Keys> {
  const key = new TextEncoder().encode(secret);
  const sign = (claims: Claims, expiresAt: number, issuedAt?: number) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(key);
  // Long-lived, like Supabase's anon keys: the client build carries it. Fixed dates make it the
  // same for the same secret, so a rebuild without changes keeps the bundle's hashed file names.
  const anonKey = await sign({ role: 'anon' }, ANON_KEY_EXPIRES_AT, ANON_KEY_ISSUED_AT);
  return {
    anonKey,
    async accessToken(user, now = new Date(), sessionId) {
      const expiresAt = Math.floor(now.getTime() / 1000) + ACCESS_TOKEN_SECONDS;
      const claims: Claims = { sub: user.id, email: user.email, role: 'authenticated', ...(sessionId ? { session_id: sessionId } : {}) };
      const token = await sign(claims, expiresAt);
      return { token, expiresAt };
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
      const role = payload.role;
      if (role !== 'anon' && role !== 'authenticated') throw new Error('token has no API role');
      if (role === 'authenticated' && typeof payload.sub !== 'string') throw new Error('token has no subject');
      return payload as unknown as Claims;
    },
  };
}
