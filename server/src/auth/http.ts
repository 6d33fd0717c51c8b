/** Answers of the auth API: JSON with CORS headers, and the preflight. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** supabase-js sends these; browsers ask before sending them cross-origin. */
export const ALLOWED_HEADERS = 'authorization, apikey, content-type, x-client-info, x-supabase-api-version';

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'x-supabase-api-version',
};

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204, { ...CORS_HEADERS, 'Cache-Control': 'no-store' });
  res.end();
}

export function sendPreflight(req: IncomingMessage, res: ServerResponse): void {
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
  };
  // Chromium asks before a public page may reach a local address (Private Network Access).
  if (req.headers['access-control-request-private-network'] === 'true') headers['Access-Control-Allow-Private-Network'] = 'true';
  res.writeHead(204, headers);
  res.end();
}

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** A header's single value (the first, if it was sent more than once). */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
