import type { IncomingMessage } from 'node:http';

/**
 * The game page (port 3001, or Vite's 5173, or a hosted origin) calls this server on port 5000,
 * a different origin, so every answer carries CORS headers. Any origin is allowed: the server
 * holds no user data and only computes moves.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = { 'Access-Control-Allow-Origin': '*' };

/** Headers for an OPTIONS preflight (sent for POSTs with `Content-Type: application/json`). */
export function preflightHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '600',
  };
  // Chromium asks before a public page may reach a local address (Private Network Access);
  // without this a hosted game could never use a developer's local AI server.
  if (req.headers['access-control-request-private-network'] === 'true') {
    headers['Access-Control-Allow-Private-Network'] = 'true';
  }
  return headers;
}
