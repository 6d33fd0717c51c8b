import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from './server';
import { CLIENT_NOT_BUILT } from './static';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request: unlike fetch, node:http sends the path as written, `..` included. */
function get(server: Server, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function start(distDir: string): Promise<Server> {
  const server = createHttpServer({ distDir });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('static client server', () => {
  let root: string;
  let server: Server;
  const indexHtml = '<!doctype html><title>Cell Connection</title>';

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cell-static-'));
    const dist = join(root, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), indexHtml);
    await writeFile(join(dist, 'assets', 'engine-abc123.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(root, 'secret.txt'), 'do not serve');
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
    expect(reply.body).toBe(indexHtml);
  });

  it('serves the engine as application/wasm, cached for good since its name is hashed', async () => {
    const reply = await get(server, '/assets/engine-abc123.wasm');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/wasm');
    expect(reply.headers['cache-control']).toContain('immutable');
  });

  it('serves scripts as JavaScript', async () => {
    const reply = await get(server, '/assets/index-abc123.js');
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply.body).toBe('console.log(1)');
  });

  it('answers client routes with index.html so deep links work', async () => {
    for (const path of ['/home', '/game?settings=open', '/multiplayer/game']) {
      const reply = await get(server, path);
      expect(reply.status, path).toBe(200);
      expect(reply.body, path).toBe(indexHtml);
    }
  });

  it('answers a missing file with 404, not with the page', async () => {
    const reply = await get(server, '/assets/missing.wasm');
    expect(reply.status).toBe(404);
  });

  it('refuses paths that climb out of the client, however encoded', async () => {
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/..%5csecret.txt', '/%E0%A4%A']) {
      const reply = await get(server, path);
      expect(reply.status, path).toBe(400);
      expect(reply.body, path).not.toContain('do not serve');
    }
  });

  it('answers a matching ETag with 304 and HEAD without a body', async () => {
    const first = await get(server, '/assets/index-abc123.js');
    const etag = String(first.headers.etag);
    expect((await get(server, '/assets/index-abc123.js', { 'If-None-Match': etag })).status).toBe(304);
    const head = await get(server, '/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const reply = await get(server, '/', {}, 'POST');
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD');
  });

  it('says the client is not built when dist/ is missing', async () => {
    const unbuilt = await start(join(root, 'no-dist'));
    try {
      const reply = await get(unbuilt, '/home');
      expect(reply.status).toBe(503);
      expect(reply.body).toBe(CLIENT_NOT_BUILT);
    } finally {
      await stop(unbuilt);
    }
  });
});
