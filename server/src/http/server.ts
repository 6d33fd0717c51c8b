import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createStaticHandler } from './static';

/** An API mounted in front of the static files: resolves true if it answered the request. */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface HttpServerOptions {
  /** Absolute path of the built client (Vite's dist/). */
  distDir: string;
  /** APIs tried in order (/auth/v1, /rest/v1, ...); the static files answer the rest. */
  apis?: readonly ApiHandler[];
}

/** The HTTP server without listening. */
export function createHttpServer({ distDir, apis = [] }: HttpServerOptions): Server {
  const serveStatic = createStaticHandler(distDir);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    for (const api of apis) {
      if (await api(req, res)) return;
    }
    await serveStatic(req, res);
  };
  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('request failed', req.method, req.url, error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('internal error');
    });
  });
}
