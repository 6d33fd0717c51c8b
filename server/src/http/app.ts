/**
 * The HTTP edge, in one place: CORS, the apikey, body limits and JSON errors for `/auth/v1` and
 * `/rest/v1`, then the built client. The node server around it sets the time-outs (node-server.ts).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Keys } from '../auth/keys';
import { logFailure } from '../log';
import { restProxy, REST_PREFIX } from '../postgrest/proxy';
import type { Postgrest } from '../postgrest/supervisor';
import { AUTH_PREFIX } from '../auth/api';
import { requireApiKey } from './credentials';
import { staticFiles } from './static-files';

export interface AppParts {
  keys: Pick<Keys, 'verify'>;
  auth: Hono;
  postgrest: Postgrest;
  /** Absolute path of the built client (Vite's dist/). */
  distDir: string;
}

/** A sign-up or sign-in is a few hundred bytes; a score a few hundred more. */
const AUTH_BODY_LIMIT = 64 * 1024;
const REST_BODY_LIMIT = 1024 * 1024;

// Supabase's APIs take bearer tokens, never cookies, so any origin may call them, as on Supabase.
const apiCors = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
  allowHeaders: ['authorization', 'apikey', 'content-type', 'prefer', 'accept', 'accept-profile', 'content-profile', 'range', 'x-client-info', 'x-supabase-api-version', 'x-retry-count'],
  exposeHeaders: ['Content-Range', 'Content-Location', 'Preference-Applied', 'Retry-After', 'X-Supabase-Api-Version'],
  maxAge: 600,
});

function limitBody(maxSize: number, tooLarge: (message: string) => object): MiddlewareHandler {
  const message = `The request body is larger than ${maxSize} bytes`;
  // The rest of the body is not read: the connection closes after the answer, so no client
  // sends its next request on a socket that still holds this one's bytes.
  return bodyLimit({ maxSize, onError: (c) => c.json(tooLarge(message), 413, { Connection: 'close' }) });
}

export function createApp({ keys, auth, postgrest, distDir }: AppParts): Hono {
  const app = new Hono();
  const apiKey = requireApiKey(keys);

  app.use(`${AUTH_PREFIX}/*`, apiCors, apiKey, limitBody(AUTH_BODY_LIMIT, (msg) => ({ code: 413, error_code: 'request_too_large', msg })));
  app.route(AUTH_PREFIX, auth);

  app.use(`${REST_PREFIX}/*`, apiCors, apiKey, limitBody(REST_BODY_LIMIT, (message) => ({ code: 'PGRST413', message: 'Payload Too Large', details: message, hint: null })));
  app.all(`${REST_PREFIX}/*`, restProxy(postgrest));

  app.use('*', staticFiles(distDir));

  app.onError((error, c) => {
    logFailure(`${c.req.method} ${c.req.path}`, error);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
