import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDir } from '../../../scripts/compress-plugin';
import { CLIENT_NOT_BUILT, staticFiles } from './static-files';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request: unlike fetch, node:http sends the path as written and never decompresses. */
function get(server: Server, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function start(distDir: string): Promise<Server> {
  const app = new Hono();
  app.use('*', staticFiles(distDir));
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function stop(server: Server): Promise<void> {
  // The agent keeps connections alive: close them, or close() waits for their idle time-out.
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('the built client, served precompressed', () => {
  let root: string;
  let dist: string;
  let server: Server;
  const indexHtml = '<!doctype html><title>Cell Connection</title>';
  const script = `export const cells = [${Array.from({ length: 400 }, (_, i) => `'${i % 7}-${i % 5}'`).join(', ')}];\n`;
  const scriptPath = '/assets/index-abc123.js';
  const serviceWorker = `precacheAndRoute([${Array.from({ length: 60 }, (_, i) => `{url:'/assets/c${i}-abc.js',revision:null}`).join(',')}]);\n`;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cell-static-files-'));
    dist = join(root, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), indexHtml);
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(dist, 'sw.js'), serviceWorker);
    await writeFile(join(dist, 'sw.js.br'), brotliCompressSync(serviceWorker));
    await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Cell Connection"}');
    await writeFile(join(dist, 'assets', 'engine-abc123.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    await writeFile(join(dist, 'assets', 'index-abc123.js'), script);
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    await writeFile(join(root, 'secret.txt'), 'do not serve');
    await symlink(join(root, 'secret.txt'), join(dist, 'leak.txt'));
    server = await start(dist);
  });

  afterAll(async () => {
    await stop(server);
    await rm(root, { recursive: true, force: true });
  });

  it('serves index.html at / without long-term caching', async () => {
    const reply = await get(server, '/');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers.etag).toMatch(/^W\/".+"$/);
    expect(reply.headers['last-modified']).toBeDefined();
    expect(reply.body.toString()).toBe(indexHtml);
  });

  it('serves the engine as application/wasm, cached for good since its name is hashed', async () => {
    const reply = await get(server, '/assets/engine-abc123.wasm');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/wasm');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('revalidates files outside assets/ (public/ files keep their names across builds)', async () => {
    const reply = await get(server, '/favicon.svg');
    expect(reply.headers['content-type']).toBe('image/svg+xml');
    expect(reply.headers['cache-control']).toBe('no-cache');
  });

  it('never lets a cache keep the service worker: /sw.js is revalidated each time, compressed or not', async () => {
    for (const encoding of ['br', 'identity']) {
      const reply = await get(server, '/sw.js', { 'Accept-Encoding': encoding });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
    }
  });

  it('serves the web app manifest with its own content type, revalidated', async () => {
    const reply = await get(server, '/manifest.webmanifest');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(reply.body.toString())).toEqual({ name: 'Cell Connection' });
  });

  it('sends the brotli twin to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get(server, scriptPath, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get(server, scriptPath, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it('reads q-values and * in Accept-Encoding', async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['gzip;q=1.0, br;q=0.5', 'gzip'],
      ['gzip;q=0.5, br;q=0.5', 'br'],
      ['br;q=x, gzip', 'gzip'],
      ['*', 'br'],
      ['*;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['deflate, br;q=0, gzip;q=0', undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const reply = await get(server, scriptPath, { 'Accept-Encoding': acceptEncoding });
      expect(reply.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(reply.headers.vary, acceptEncoding).toBe('Accept-Encoding');
    }
  });

  it('sends the file as it is to a client that accepts no encoding, still saying it varies', async () => {
    const reply = await get(server, scriptPath);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.body.toString()).toBe(script);
    // A file without twins does not vary.
    expect((await get(server, '/', { 'Accept-Encoding': 'br' })).headers.vary).toBeUndefined();
  });

  it('answers client routes with index.html so deep links work', async () => {
    for (const path of ['/home', '/game?settings=open', '/multiplayer/game', '/assets']) {
      const reply = await get(server, path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['cache-control'], path).toBe('no-cache');
      expect(reply.body.toString(), path).toBe(indexHtml);
    }
  });

  it('answers a missing file with 404, not with the page, and never serves the twins by name', async () => {
    for (const path of ['/assets/missing.wasm', '/assets/missing.js', `${scriptPath}.br`, `${scriptPath}.gz`]) {
      const reply = await get(server, path, { 'Accept-Encoding': 'br, gzip' });
      expect(reply.status, path).toBe(404);
      expect(reply.body.toString(), path).toBe('not found');
    }
  });

  it('refuses paths that climb out of the client, however encoded', async () => {
    // Plain and %2e dot segments are resolved by the URL parser (so /../secret.txt looks for
    // dist/secret.txt: 404); whatever survives it as a traversal is refused with 400.
    const cases: [string, number][] = [
      ['/../secret.txt', 404],
      ['/assets/../../secret.txt', 404],
      ['/%2e%2e/secret.txt', 404],
      ['/..%2fsecret.txt', 400],
      ['/assets/..%2f..%2fsecret.txt', 400],
      ['/..%5csecret.txt', 400],
      ['/..\\secret.txt', 400],
      ['/secret.txt%00.html', 400],
      ['//secret.txt', 400],
      ['/assets//index-abc123.js', 400],
      ['/%E0%A4%A', 400],
      ['/leak.txt', 404],
    ];
    for (const [path, status] of cases) {
      const reply = await get(server, path);
      expect(reply.status, path).toBe(status);
      expect(reply.body.toString(), path).not.toContain('do not serve');
    }
  });

  it('answers a matching ETag or an unchanged date with 304 and no body', async () => {
    const cases: [string, string][] = [['/', ''], [scriptPath, 'br'], [scriptPath, 'gzip'], [scriptPath, '']];
    for (const [path, acceptEncoding] of cases) {
      const first = await get(server, path, { 'Accept-Encoding': acceptEncoding });
      const etag = String(first.headers.etag);
      const lastModified = String(first.headers['last-modified']);
      const byTag = await get(server, path, { 'Accept-Encoding': acceptEncoding, 'If-None-Match': `"other", ${etag}` });
      expect(byTag.status, path).toBe(304);
      expect(byTag.body.length).toBe(0);
      expect(byTag.headers.etag).toBe(etag);
      expect(byTag.headers['cache-control']).toBe(first.headers['cache-control']);
      const byDate = await get(server, path, { 'Accept-Encoding': acceptEncoding, 'If-Modified-Since': lastModified });
      expect(byDate.status, path).toBe(304);
      const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
      expect((await get(server, path, { 'Accept-Encoding': acceptEncoding, 'If-Modified-Since': earlier })).status).toBe(200);
    }
  });

  it('gives each encoding its own ETag, so a cached brotli copy never validates a gzip one', async () => {
    const br = await get(server, scriptPath, { 'Accept-Encoding': 'br' });
    const gz = await get(server, scriptPath, { 'Accept-Encoding': 'gzip' });
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    expect((await get(server, scriptPath, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(br.headers.etag) })).status).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    const stale = { 'Accept-Encoding': 'gzip', 'If-None-Match': '"other"', 'If-Modified-Since': String(gz.headers['last-modified']) };
    expect((await get(server, scriptPath, stale)).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get(server, scriptPath, { 'Accept-Encoding': 'br' }, 'HEAD');
    const full = await get(server, scriptPath, { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(full.body.length));
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers.etag).toBe(full.headers.etag);
    expect((await get(server, '/home', {}, 'HEAD')).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('refuses methods other than GET and HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const reply = await get(server, '/', {}, method);
      expect(reply.status, method).toBe(405);
      expect(reply.headers.allow, method).toBe('GET, HEAD');
    }
  });

  it('ignores a twin older than its file (dist/ edited after the build)', async () => {
    const dir = join(root, 'stale');
    await mkdir(dir);
    await writeFile(join(dir, 'index.html'), indexHtml);
    await writeFile(join(dir, 'index.html.br'), brotliCompressSync('<title>old</title>'));
    const longAgo = new Date(Date.now() - 3_600_000);
    await utimes(join(dir, 'index.html.br'), longAgo, longAgo);
    const stale = await start(dir);
    try {
      const reply = await get(stale, '/', { 'Accept-Encoding': 'br' });
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers.vary).toBeUndefined();
      expect(reply.body.toString()).toBe(indexHtml);
    } finally {
      await stop(stale);
    }
  });

  it('says the client is not built until dist/index.html appears, then serves it', async () => {
    const later = join(root, 'later');
    const unbuilt = await start(later);
    try {
      const reply = await get(unbuilt, '/home');
      expect(reply.status).toBe(503);
      expect(reply.body.toString()).toBe(CLIENT_NOT_BUILT);
      await mkdir(later);
      await writeFile(join(later, 'index.html'), indexHtml);
      const built = await get(unbuilt, '/home');
      expect(built.status).toBe(200);
      expect(built.body.toString()).toBe(indexHtml);
    } finally {
      await stop(unbuilt);
    }
  });
});

describe('every text asset of a build, compressed for a browser that accepts it', () => {
  const svg = (fill: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${Array.from({ length: 6 }, (_, i) => `<rect x="${i * 10}" y="${i * 10}" width="8" height="8" fill="${fill}"/>`).join('')}</svg>`;
  // Small files as Vite writes them: index.html is under 1 kB and answers every deep link.
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />\n    <title>Cell Connection</title>\n    <script type="module" crossorigin src="/assets/index-abc123.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-abc123.js">\n    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`,
    'favicon.svg': svg('#2e7d32'),
    'manifest.webmanifest': JSON.stringify({ name: 'Cell Connection', short_name: 'Cell Connection', icons: [192, 512].map((size) => ({ src: `/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' })), display: 'standalone' }),
    'assets/index-abc123.css': Array.from({ length: 20 }, (_, i) => `.cell-${i} { color: var(--player-${i % 2}); margin: ${i}px; }`).join('\n'),
    'assets/index-abc123.js': `export const cells = [${Array.from({ length: 200 }, (_, i) => `'${i % 7}-${i % 5}'`).join(', ')}];\n`,
    'assets/strings-abc123.json': JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: i, text: 'Player 1 Wins!' }))),
    'assets/engine-abc123.wasm': Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(2048, 7)]),
  };
  const served: [path: string, file: string, type: string][] = [
    ['/', 'index.html', 'text/html; charset=utf-8'],
    ['/game', 'index.html', 'text/html; charset=utf-8'],
    ['/multiplayer/game?code=ABCDEF', 'index.html', 'text/html; charset=utf-8'],
    ['/favicon.svg', 'favicon.svg', 'image/svg+xml'],
    ['/manifest.webmanifest', 'manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['/assets/index-abc123.css', 'assets/index-abc123.css', 'text/css; charset=utf-8'],
    ['/assets/index-abc123.js', 'assets/index-abc123.js', 'text/javascript; charset=utf-8'],
    ['/assets/strings-abc123.json', 'assets/strings-abc123.json', 'application/json; charset=utf-8'],
    ['/assets/engine-abc123.wasm', 'assets/engine-abc123.wasm', 'application/wasm'],
  ];
  let dist: string;
  let server: Server;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'cell-text-assets-'));
    await mkdir(join(dist, 'assets'));
    for (const [name, content] of Object.entries(files)) await writeFile(join(dist, name), content);
    await compressDir(dist); // as `vite build` does (scripts/compress-plugin.ts)
    server = await start(dist);
  });

  afterAll(async () => {
    await stop(server);
    await rm(dist, { recursive: true, force: true });
  });

  it('sends brotli to a browser, gzip to a client that takes only gzip, each saying it varies', async () => {
    for (const [path, file, type] of served) {
      const original = Buffer.from(files[file]!);
      const br = await get(server, path, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(br.status, path).toBe(200);
      expect(br.headers['content-type'], path).toBe(type);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary, path).toBe('Accept-Encoding');
      expect(br.body.length, path).toBeLessThan(original.length);
      expect(brotliDecompressSync(br.body).equals(original), path).toBe(true);

      const gz = await get(server, path, { 'Accept-Encoding': 'gzip' });
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(gz.headers.vary, path).toBe('Accept-Encoding');
      expect(gunzipSync(gz.body).equals(original), path).toBe(true);

      const plain = await get(server, path);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.headers.vary, path).toBe('Accept-Encoding');
      expect(plain.body.equals(original), path).toBe(true);
    }
  });
});

describe('precompression at build (scripts/compress-plugin.ts)', () => {
  it('writes .br and .gz twins that decompress to the original, skipping small and incompressible files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cell-precompress-'));
    try {
      const script = `const board = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ x: i % 16, y: i >> 4 })))};\n`;
      const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4096, 7)]);
      await mkdir(join(dir, 'assets'));
      await writeFile(join(dir, 'index.html'), '<!doctype html>'); // compression would save a few bytes at most
      await writeFile(join(dir, 'assets', 'index-abc123.js'), script);
      await writeFile(join(dir, 'assets', 'engine-abc123.wasm'), wasm);
      await writeFile(join(dir, 'assets', 'noise-abc123.js'), randomBytes(4096)); // does not compress
      await writeFile(join(dir, 'assets', 'noise-abc123.js.br'), 'left by an earlier build');
      await writeFile(join(dir, 'assets', 'logo-abc123.png'), randomBytes(4096)); // not a compressible type

      const totals = await compressDir(dir);

      for (const [name, original] of [['assets/index-abc123.js', Buffer.from(script)], ['assets/engine-abc123.wasm', wasm]] as const) {
        const br = await readFile(join(dir, `${name}.br`));
        const gz = await readFile(join(dir, `${name}.gz`));
        expect(br.length, name).toBeLessThan(original.length);
        expect(gz.length, name).toBeLessThan(original.length);
        expect(brotliDecompressSync(br).equals(original), name).toBe(true);
        expect(gunzipSync(gz).equals(original), name).toBe(true);
      }
      expect((await readdir(dir)).sort()).toEqual(['assets', 'index.html']);
      expect((await readdir(join(dir, 'assets'))).sort()).toEqual([
        'engine-abc123.wasm',
        'engine-abc123.wasm.br',
        'engine-abc123.wasm.gz',
        'index-abc123.js',
        'index-abc123.js.br',
        'index-abc123.js.gz',
        'logo-abc123.png',
        'noise-abc123.js',
      ]);
      expect(totals.files).toBe(2);
      expect(totals.bytes).toBe(script.length + wasm.length);
      expect(totals.brotliBytes).toBeLessThan(totals.bytes);
      expect(totals.gzipBytes).toBeLessThan(totals.bytes);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
