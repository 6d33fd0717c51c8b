/**
 * Debian's nginx in front of two small stand-ins for game nodes (an HTTP handler and a socket.io
 * server each, on loopback): requests are spread over both, a websocket works through it, and
 * when one node goes away every request still succeeds on the other.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/postgres-cluster';
import { sessionIdPrefix } from '../rooms/nodes/session-ids';
import { nginxConfig, startNginx, type RunningNginx } from './nginx';

interface Upstream {
  name: string;
  port: number;
  close(): Promise<void>;
}

/** A stand-in node: answers every request with its name and the headers nginx passed on. */
async function startUpstream(name: string): Promise<Upstream> {
  const http: HttpServer = createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name, bodyBytes, host: req.headers.host, forwardedFor: req.headers['x-forwarded-for'], proto: req.headers['x-forwarded-proto'] }));
    });
  });
  const io = new Server(http);
  io.on('connection', (socket) => socket.on('whoami', (reply: (answer: string) => void) => reply(name)));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => void io.close(() => resolve()));
  return { name, port: (http.address() as AddressInfo).port, close };
}

async function askName(url: string): Promise<string> {
  const reply = await fetch(url);
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { name: string }).name;
}

describe('nginxConfig', () => {
  it('balances round-robin over the nodes and passes websockets on', () => {
    const config = nginxConfig({ port: 3001, upstreams: [3002, 3003] });
    expect(config).toContain('server 127.0.0.1:3002 max_fails=1 fail_timeout=2s;');
    expect(config).toContain('server 127.0.0.1:3003 max_fails=1 fail_timeout=2s;');
    expect(config).toContain('listen 127.0.0.1:3001;');
    expect(config).not.toMatch(/ip_hash|^\s*hash /m);
    expect(config).toContain('proxy_next_upstream error timeout http_502 http_503;');
    expect(config).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(config).toContain('client_max_body_size 2m;');
    expect(config).toContain('access_log off;');
  });

  it("sends ?node=ID to that node, and to the others while it is down", () => {
    const config = nginxConfig({ port: 3001, upstreams: [3002, 3003], nodeIds: ['node-1', 'node-2'] });
    expect(config).toContain('"node-2" cell_connection_node_2;');
    // Long-polling: a session id made by node-2 (session-ids.ts) goes to node-2.
    expect(config).toContain(`"~^${sessionIdPrefix('node-2')}" cell_connection_node_2;`);
    expect(config).toContain('default cell_connection_nodes;');
    expect(config).toMatch(/upstream cell_connection_node_2 \{\n\s+server 127\.0\.0\.1:3003 max_fails=1 fail_timeout=2s;\n\s+server 127\.0\.0\.1:3002 max_fails=1 fail_timeout=2s backup;/);
    expect(config).toContain('proxy_pass http://$cell_connection_upstream;');
  });

  it('refuses no nodes, a bad port or NODE_IDs that do not match the nodes', () => {
    expect(() => nginxConfig({ port: 3001, upstreams: [] })).toThrow('at least one upstream');
    expect(() => nginxConfig({ port: 70000, upstreams: [3002] })).toThrow('got 70000');
    expect(() => nginxConfig({ port: 3001, upstreams: [3002, 3003], nodeIds: ['node-1'] })).toThrow('one NODE_ID per upstream');
    expect(() => nginxConfig({ port: 3001, upstreams: [3002], nodeIds: ['node 1;'] })).toThrow('"node 1;" is not a NODE_ID');
  });
});

describe('nginx in front of two nodes', () => {
  let a: Upstream;
  let b: Upstream;
  let nginx: RunningNginx | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    [a, b] = await Promise.all([startUpstream('a'), startUpstream('b')]);
    nginx = await startNginx({ port: await freePort(), upstreams: [a.port, b.port] });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await nginx?.stop();
    await Promise.all([a?.close(), b?.close()]);
  });

  it('spreads requests over both nodes and tells them who asked', async () => {
    const names = [];
    for (let i = 0; i < 10; i++) names.push(await askName(`${nginx!.url}/rest/v1/anything?i=${i}`));
    expect(new Set(names)).toEqual(new Set(['a', 'b']));
    const seen = (await (await fetch(`${nginx!.url}/`)).json()) as Record<string, string>;
    expect(seen).toMatchObject({ host: `localhost:${nginx!.port}`, forwardedFor: '127.0.0.1', proto: 'http' });
  });

  it('passes bodies up to 2 MiB on (through its temporary files) and refuses larger ones', async () => {
    // Over nginx's 16 KiB buffer, so the body goes through client_body_temp: as root that is
    // written by a worker running as nobody, which must be able to reach the folder.
    const post = (bytes: number) => fetch(`${nginx!.url}/rest/v1/rpc/x`, { method: 'POST', body: new Uint8Array(bytes) });
    const fits = await post(1_500_000);
    expect(fits.status).toBe(200);
    expect(((await fits.json()) as { bodyBytes: number }).bodyBytes).toBe(1_500_000);
    expect((await post(3_000_000)).status).toBe(413);
  });

  it('carries a socket.io websocket', async () => {
    const socket = connect(nginx!.url, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    expect(socket.io.engine.transport.name).toBe('websocket');
    expect(['a', 'b']).toContain(await socket.timeout(10_000).emitWithAck('whoami'));
  });

  it('sends every request to the other node when one is gone', async () => {
    await b.close();
    for (let i = 0; i < 10; i++) expect(await askName(`${nginx!.url}/?i=${i}`)).toBe('a');
  });

  it('refuses a port that is taken', async () => {
    await expect(startNginx({ port: a.port, upstreams: [a.port] })).rejects.toThrow(`port ${a.port} on 127.0.0.1 is taken`);
  });
});
