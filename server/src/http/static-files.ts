/**
 * The built client (Vite's dist/), the last handler of the app. Every text file (index.html, also
 * as the answer to deep links; scripts, styles, the engine's .wasm, SVG, JSON, the web manifest)
 * goes out as the `.br`/`.gz` twin written at build time (scripts/compress-plugin.ts), so the
 * server never compresses per request; hashed files under assets/ are cached for good, the rest
 * is revalidated with a cheap 304.
 */
import { createReadStream, type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { createStreamBody } from '@hono/node-server/utils/stream';
import type { HonoRequest, MiddlewareHandler } from 'hono';
import { contentTypeOf } from './content-types';
import { parseRequestPath } from './request-path';

export const CLIENT_NOT_BUILT = 'client not built: run npm run build';

/** Vite puts content-hashed files under assets/: their URL changes whenever they do. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Everything else (index.html, public/ files) is revalidated on each use via its ETag; so is the
 * service worker, /sw.js, which must never be kept: a cached one would keep players on an old build.
 */
const REVALIDATE = 'no-cache';

/** Twins the build writes, best first: brotli beats gzip by about a fifth on our scripts. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves `distDir`: client routes (/home, /game, …) get index.html so deep links work; a missing
 * file with an extension is a 404, so a lost script or .wasm fails loudly instead of arriving as
 * HTML. The twins are not served under their own names (`/assets/x.js.br` is a 404).
 */
export function staticFiles(distDir: string): MiddlewareHandler {
  const root = resolve(distDir);
  return async (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return text(405, 'method not allowed', { Allow: 'GET, HEAD' });
    }
    // Checked per request so a server started before `npm run build` recovers by itself.
    const realRoot = await realpath(root).catch(() => '');
    const index = await fileIn(realRoot, join(root, 'index.html'));
    if (!index) return text(503, CLIENT_NOT_BUILT);

    // Node's URL parser has already dropped plain `..` segments; the rest (encoded dots and
    // slashes, backslashes, NUL, bad escapes) is refused here rather than normalised.
    const { pathname } = new URL(c.req.url);
    const path = parseRequestPath(pathname);
    if (!path.ok) return text(400, `bad request path: ${path.reason}`);
    if (pathname.includes('//') || /%2f/i.test(pathname)) return text(400, 'bad request path: empty or encoded segment');

    const last = path.segments.at(-1) ?? '';
    if (/\.(br|gz)$/.test(last)) return text(404, 'not found');
    const found = path.segments.length > 0 ? await fileIn(realRoot, join(root, ...path.segments)) : undefined;
    if (found) return send(c.req, found, path.segments[0] === 'assets' ? IMMUTABLE : REVALIDATE);
    if (last.includes('.')) return text(404, 'not found');
    return send(c.req, index, REVALIDATE);
  };
}

interface File {
  path: string; // real path, inside the real distDir
  info: Stats;
}

async function send(req: HonoRequest, file: File, cacheControl: string): Promise<Response> {
  const twins = await Promise.all(ENCODINGS.map(({ suffix }) => fileIn(dirname(file.path), file.path + suffix)));
  const acceptEncoding = req.header('accept-encoding') ?? '';
  // A twin older than its file is stale (dist/ edited by hand): it is neither sent nor announced.
  const fresh = (twin: File | undefined): twin is File => twin !== undefined && twin.info.mtimeMs >= file.info.mtimeMs;
  // Brotli unless the client weighs gzip higher (browsers send no weights: brotli, then).
  const weights = ENCODINGS.map(({ coding }, i) => (fresh(twins[i]) ? weightOf(acceptEncoding, coding) : 0));
  const best = Math.max(...weights);
  const chosen = best > 0 ? weights.indexOf(best) : -1;
  const coding = ENCODINGS[chosen]?.coding;
  const { path, info } = chosen === -1 ? file : (twins[chosen] as File);

  // Each encoding is its own representation, so it gets its own validator.
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${coding ? `-${coding}` : ''}"`;
  const validators: Record<string, string> = {
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  // Sent with every encoding, identity included, so no shared cache hands one to everybody.
  if (twins.some(fresh)) validators.Vary = 'Accept-Encoding';
  if (notModified(req, etag, info.mtime)) return new Response(null, { status: 304, headers: validators });

  const headers = { ...validators, 'Content-Type': contentTypeOf(file.path), 'Content-Length': String(info.size) };
  if (coding) Object.assign(headers, { 'Content-Encoding': coding });
  const body = req.method === 'HEAD' ? null : createStreamBody(createReadStream(path));
  return new Response(body, { status: 200, headers });
}

/** The file at `path` if it is a regular file whose real path (symlinks followed) is inside `realRoot`. */
async function fileIn(realRoot: string, path: string): Promise<File | undefined> {
  try {
    const real = await realpath(path);
    if (!real.startsWith(realRoot + sep)) return undefined;
    const info = await stat(real);
    return info.isFile() ? { path: real, info } : undefined;
  } catch {
    return undefined;
  }
}

/** The q-value Accept-Encoding gives `coding` (0: refused); `*` covers codings it does not name. */
function weightOf(header: string, coding: string): number {
  let named: number | undefined;
  let star = 0;
  for (const item of header.split(',')) {
    const [token = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (token === coding) named = value;
    else if (token === '*') star = value;
  }
  const weight = named ?? star;
  return Number.isFinite(weight) ? weight : 0;
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); tags compare weakly. */
function notModified(req: HonoRequest, etag: string, modified: Date): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const ifNoneMatch = req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const since = Date.parse(req.header('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

function text(status: number, body: string, extra: Record<string, string> = {}): Response {
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  return new Response(body, { status, headers: { ...headers, ...extra } });
}
