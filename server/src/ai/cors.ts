import type { IncomingMessage } from 'node:http';

/**
 * Which web pages may call this server: the game's own origins only (AI_ALLOWED_ORIGINS). A page
 * from elsewhere is refused outright (403), so a hostile site cannot even make it burn CPU with
 * a request it never reads; Private Network Access is never granted. A request without an Origin
 * (curl, a script) is no page's and is served.
 */
export type CorsDecision = { allowed: true; headers: Record<string, string> } | { allowed: false; origin: string };

export function corsFor(req: IncomingMessage, allowedOrigins: ReadonlySet<string>): CorsDecision {
  const origin = req.headers.origin;
  if (origin === undefined) return { allowed: true, headers: {} };
  if (!allowedOrigins.has(origin)) return { allowed: false, origin };
  return { allowed: true, headers: { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } };
}

/** Headers for an allowed OPTIONS preflight (sent for POSTs with `Content-Type: application/json`). */
export function preflightHeaders(cors: Record<string, string>): Record<string, string> {
  return {
    ...cors,
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '600',
  };
}
