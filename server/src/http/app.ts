/**
 * The HTTP edge's Hono app: the security headers on every answer (security-headers.ts); CORS, the
 * apikey, body limits and JSON errors for `/auth/v1`; then the built client. The node server around it (node-server.ts) sets the time-outs and sends `/rest/v1`
 * to PostgREST's proxy first, which applies the same CORS and apikey rules (cors.ts, credentials.ts).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AUTH_PREFIX } from '../auth/api';
import type { Keys } from '../auth/keys';
import { logFailure } from '../log';
import { apiCors } from './cors';
import { requireApiKey } from './credentials';
import type { SecurityHeaders } from './security-headers';
import { staticFiles } from './static-files';

export interface AppParts {
  keys: Pick<Keys, 'verify'>;
  auth: Hono;
  /** Absolute path of the built client (Vite's dist/). */
  distDir: string;
  security: SecurityHeaders;
}

/** A sign-up or sign-in is a few hundred bytes. */
const AUTH_BODY_LIMIT = 64 * 1024;

function limitBody(maxSize: number, tooLarge: (message: string) => object): MiddlewareHandler {
  const message = `The request body is larger than ${maxSize} bytes`;
  // The rest of the body is not read: the connection closes after the answer, so no client
  // sends its next request on a socket that still holds this one's bytes.
  return bodyLimit({ maxSize, onError: (c) => c.json(tooLarge(message), 413, { Connection: 'close' }) });
}

/** Adds the security headers to whatever answer the app gives, errors included. */
function securityHeaders(security: SecurityHeaders): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // A page's policy names the hashes of its inline scripts: read again after a rebuild.
    if (c.res.status === 304 || c.res.headers.get('content-type')?.startsWith('text/html')) await security.refresh();
    const seen = { host: c.req.header('host'), remote: getConnInfo(c).remote.address, forwardedProto: c.req.header('x-forwarded-proto') };
    for (const [name, value] of Object.entries(security.of(seen))) c.res.headers.set(name, value);
  };
}

export function createApp({ keys, auth, distDir, security }: AppParts): Hono {
  const app = new Hono();
  app.use('*', securityHeaders(security));

  app.use(`${AUTH_PREFIX}/*`, apiCors(), requireApiKey(keys), limitBody(AUTH_BODY_LIMIT, (msg) => ({ code: 413, error_code: 'request_too_large', msg })));
  app.route(AUTH_PREFIX, auth);

  app.use('*', staticFiles(distDir));

  app.onError((error, c) => {
    logFailure(`${c.req.method} ${c.req.path}`, error);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
