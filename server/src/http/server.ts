import { createServer, type Server } from 'node:http';
import { createStaticHandler } from './static';

export interface HttpServerOptions {
  /** Absolute path of the built client (Vite's dist/). */
  distDir: string;
}

/**
 * The HTTP server without listening. Later routes (/auth/v1, /rest/v1, socket.io)
 * go in front of the static handler, which answers everything else.
 */
export function createHttpServer({ distDir }: HttpServerOptions): Server {
  const serveStatic = createStaticHandler(distDir);
  return createServer((req, res) => {
    serveStatic(req, res).catch((error: unknown) => {
      console.error('request failed', req.method, req.url, error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('internal error');
    });
  });
}
