/**
 * The HTTP edge's Hono app: CORS, the apikey, body limits and JSON errors for `/auth/v1`, then the
 * built client. The node server around it (node-server.ts) sets the time-outs and sends `/rest/v1`
 * to PostgREST's proxy first, which applies the same CORS and apikey rules (cors.ts, credentials.ts).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AUTH_PREFIX } from '../auth/api';
import type { Keys } from '../auth/keys';
import { logFailure } from '../log';
import { apiCors } from './cors';
import { requireApiKey } from './credentials';
import { staticFiles } from './static-files';

export interface AppParts {
  keys: Pick<Keys, 'verify'>;
  auth: Hono;
  /** Absolute path of the built client (Vite's dist/). */
  distDir: string;
}

/** A sign-up or sign-in is a few hundred bytes. */
const AUTH_BODY_LIMIT = 64 * 1024;

function limitBody(maxSize: number, tooLarge: (message: string) => object): MiddlewareHandler {
  const message = `The request body is larger than ${maxSize} bytes`;
  // The rest of the body is not read: the connection closes after the answer, so no client
  // sends its next request on a socket that still holds this one's bytes.
  return bodyLimit({ maxSize, onError: (c) => c.json(tooLarge(message), 413, { Connection: 'close' }) });
}

export function createApp({ keys, auth, distDir }: AppParts): Hono {
  const app = new Hono();

  app.use(`${AUTH_PREFIX}/*`, apiCors(), requireApiKey(keys), limitBody(AUTH_BODY_LIMIT, (msg) => ({ code: 413, error_code: 'request_too_large', msg })));
  app.route(AUTH_PREFIX, auth);

  app.use('*', staticFiles(distDir));

  app.onError((error, c) => {
    logFailure(`${c.req.method} ${c.req.path}`, error);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
