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

describe('precompression at build (scripts/compress-plugin.ts)', () => {
  it('writes .br and .gz twins that decompress to the original, skipping small and incompressible files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cell-precompress-'));
    try {
      const script = `const board = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ x: i % 16, y: i >> 4 })))};\n`;
      const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4096, 7)]);
      await mkdir(join(dir, 'assets'));
      await writeFile(join(dir, 'index.html'), '<!doctype html>'); // under 1 KB
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
