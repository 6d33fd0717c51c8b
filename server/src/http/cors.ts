/**
 * The CORS policy of the APIs (/auth/v1, /rest/v1), in one place. Supabase's APIs take bearer
 * tokens, never cookies, so any origin may call them, as on Supabase; private-network access is
 * never granted.
 */
import { cors } from 'hono/cors';

const ALLOW_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'];
const ALLOW_HEADERS = ['authorization', 'apikey', 'content-type', 'prefer', 'accept', 'accept-profile', 'content-profile', 'range', 'x-client-info', 'x-supabase-api-version', 'x-retry-count'];
const EXPOSE_HEADERS = ['Content-Range', 'Content-Location', 'Preference-Applied', 'Retry-After', 'X-Supabase-Api-Version'];
const MAX_AGE_SECONDS = 600;

/** The policy as Hono middleware. */
export const apiCors = () =>
  cors({ origin: '*', allowMethods: ALLOW_METHODS, allowHeaders: ALLOW_HEADERS, exposeHeaders: EXPOSE_HEADERS, maxAge: MAX_AGE_SECONDS });

/** The same policy as plain headers, for handlers outside Hono (the data API's proxy). */
export function corsHeaders(preflight: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSE_HEADERS.join(',') };
  if (!preflight) return headers;
  return {
    ...headers,
    'access-control-allow-methods': ALLOW_METHODS.join(','),
    'access-control-allow-headers': ALLOW_HEADERS.join(','),
    'access-control-max-age': String(MAX_AGE_SECONDS),
  };
}
