import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { contentTypeOf } from './content-types';
import { parseRequestPath } from './request-path';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export const CLIENT_NOT_BUILT = 'client not built: run npm run build';

/** Vite puts content-hashed files under assets/: their URL changes whenever they do. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, public/ files) is revalidated on each use via its ETag. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built client from `distDir`. Client routes (/home, /game, …) get index.html so
 * deep links work; a missing file with an extension is a 404, so a lost script or .wasm
 * fails loudly instead of arriving as HTML.
 */
export function createStaticHandler(distDir: string): RequestHandler {
  const indexFile = join(distDir, 'index.html');

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendText(res, 405, 'method not allowed', { Allow: 'GET, HEAD' });
    }
    // Checked per request so a server started before `npm run build` recovers by itself.
    if (!(await isFile(indexFile))) return sendText(res, 503, CLIENT_NOT_BUILT);

    const path = parseRequestPath(req.url ?? '/');
    if (!path.ok) return sendText(res, 400, `bad request path: ${path.reason}`);

    const filePath = join(distDir, ...path.segments);
    if (filePath !== distDir && !filePath.startsWith(distDir + sep)) {
      return sendText(res, 400, 'bad request path: outside the client');
    }
    if (path.segments.length > 0 && (await isFile(filePath))) {
      const cache = path.segments[0] === 'assets' ? IMMUTABLE : REVALIDATE;
      return sendFile(req, res, filePath, cache);
    }
    const last = path.segments.at(-1) ?? '';
    if (last.includes('.')) return sendText(res, 404, 'not found');
    return sendFile(req, res, indexFile, REVALIDATE);
  };
}

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

async function sendFile(req: IncomingMessage, res: ServerResponse, filePath: string, cacheControl: string) {
  const info = await stat(filePath);
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = {
    'Content-Type': contentTypeOf(filePath),
    'Cache-Control': cacheControl,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': info.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(filePath);
    stream.on('error', () => res.destroy());
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}

function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
}
