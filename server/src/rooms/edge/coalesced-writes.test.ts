/**
 * A commit's answers leave each connection in one write (coalesced-writes.ts), over a real
 * socket.io server and client on loopback: the packets arrive all, in order, and the server's
 * TCP socket wrote them once instead of once each.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket as TcpSocket } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoalescedWrites, type Connection } from './coalesced-writes';

let http: HttpServer;
let io: Server;
let writes: CoalescedWrites;
let client: Socket;
let server: ServerSocket;
/** Writes made by the server's TCP socket of the connection (each one system call). */
let tcpWrites: () => number;

beforeEach(async () => {
  http = createServer();
  io = new Server(http);
  writes = new CoalescedWrites();
  io.engine.on('connection', (conn: Connection) => writes.attach(conn));
  const connected = new Promise<ServerSocket>((resolve) => io.on('connection', resolve));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'], reconnection: false });
  server = await connected;
  const tcp = (server.conn as unknown as Connection).transport!.socket!._socket as unknown as TcpSocket & { _writev: (...a: unknown[]) => void; _write: (...a: unknown[]) => void };
  let count = 0;
  for (const method of ['_write', '_writev'] as const) {
    const original = tcp[method].bind(tcp);
    tcp[method] = (...args: unknown[]) => {
      count += 1;
      original(...args);
    };
  }
  tcpWrites = () => count;
});

afterEach(async () => {
  client.disconnect();
  await new Promise<void>((resolve) => void io.close(() => resolve()));
});

/** The next `n` events the client receives, in order. */
function received(n: number): Promise<[string, unknown][]> {
  const events: [string, unknown][] = [];
  return new Promise((resolve) =>
    client.onAny((event: string, payload: unknown) => {
      events.push([event, payload]);
      if (events.length === n) resolve(events);
    }),
  );
}

describe('coalesced writes', () => {
  it('packets sent during answers, and by promise callbacks after them, leave in one write, in order', async () => {
    const arrived = received(3);
    const before = tcpWrites();
    writes.during(() => {
      server.emit('game:moveMade', { move: 1 });
      void Promise.resolve().then(() => server.emit('ack', { success: true }));
      server.emit('room:playerReady', { players: [] });
    });
    expect(await arrived).toEqual([
      ['game:moveMade', { move: 1 }],
      ['room:playerReady', { players: [] }],
      ['ack', { success: true }],
    ]);
    expect(tcpWrites() - before).toBe(1);
  });

  it('outside answers, each packet is written as it is sent', async () => {
    const arrived = received(3);
    const before = tcpWrites();
    server.emit('a', 1);
    server.emit('b', 2);
    server.emit('c', 3);
    expect((await arrived).map(([event]) => event)).toEqual(['a', 'b', 'c']);
    // engine.io waits for each write before the next, so the last two may share one: never fewer than two.
    expect(tcpWrites() - before).toBeGreaterThanOrEqual(2);
  });
});
