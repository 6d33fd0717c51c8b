import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSocketService, NOT_CONNECTED, SOCKET_OPTIONS, type SocketService } from './socket';

// A real socket.io server on a loopback port: the service is tested against the real protocol.
let io: Server;
let url: string;
let service: SocketService | null = null;
const tokens: unknown[] = [];

beforeEach(async () => {
  const http = createServer();
  io = new Server(http);
  io.on('connection', (socket) => {
    const auth = socket.handshake.auth as { token?: unknown; rejoinToken?: unknown };
    tokens.push(auth.rejoinToken ? [auth.token, auth.rejoinToken] : auth.token);
    socket.on('echo', (payload: unknown, ack: (reply: unknown) => void) => ack({ success: true, payload }));
    socket.on('ping:noPayload', (ack: (reply: unknown) => void) => ack({ success: true }));
    socket.on('shout', (_p: unknown, ack: (r: unknown) => void) => {
      socket.emit('room:playerJoined', { players: [] });
      ack({ success: true });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  tokens.length = 0;
});

afterEach(async () => {
  service?.disconnect();
  service = null;
  await io.close();
});

function recordEvents() {
  const target = new EventTarget();
  const seen: [string, unknown][] = [];
  for (const type of ['websocket-connected', 'websocket-disconnected', 'websocket-error']) {
    target.addEventListener(type, (event) => seen.push([type, (event as CustomEvent).detail]));
  }
  return { target, seen };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('socket service', () => {
  it('uses the settings of SPEC §9', () => {
    expect(SOCKET_OPTIONS).toEqual({
      autoConnect: true,
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20000,
    });
  });

  it("throws 'Socket not connected' when used before connecting", () => {
    service = createSocketService({ url, events: new EventTarget(), getToken: async () => null });
    expect(() => service!.emit('echo', {})).toThrow(NOT_CONNECTED);
    expect(() => service!.on('game:started', () => {})).toThrow(NOT_CONNECTED);
  });

  it('connects, sends the access token, and resolves emits with the acknowledgement', async () => {
    const { target, seen } = recordEvents();
    service = createSocketService({ url, events: target, getToken: async () => 'token-1' });
    service.connect();
    await until(() => seen.length > 0);
    expect(seen).toEqual([['websocket-connected', null]]);
    expect(tokens).toEqual(['token-1']);
    expect(await service.emit('echo', { code: 'ABC123' })).toEqual({ success: true, payload: { code: 'ABC123' } });
    expect(await service.emit('ping:noPayload')).toEqual({ success: true });
  });

  it('sends no token for an anonymous player', async () => {
    const { target, seen } = recordEvents();
    service = createSocketService({ url, events: target, getToken: async () => null });
    service.connect();
    await until(() => seen.length > 0);
    expect(tokens).toEqual([undefined]);
  });

  it('sends the rejoin token of the room this tab was in', async () => {
    const { target, seen } = recordEvents();
    service = createSocketService({ url, events: target, getToken: async () => 'token-1', getRejoinToken: () => 'rejoin-1' });
    service.connect();
    await until(() => seen.length > 0);
    expect(tokens).toEqual([['token-1', 'rejoin-1']]);
  });

  it('delivers server events until unsubscribed', async () => {
    const { target, seen } = recordEvents();
    service = createSocketService({ url, events: target, getToken: async () => null });
    service.connect();
    const received: unknown[] = [];
    const off = service.on('room:playerJoined', (payload) => received.push(payload));
    await until(() => seen.length > 0);
    await service.emit('shout', {});
    await until(() => received.length === 1);
    off();
  });

  it('surfaces a server-side disconnect with its reason', async () => {
    const { target, seen } = recordEvents();
    service = createSocketService({ url, events: target, getToken: async () => null });
    service.connect();
    await until(() => seen.length === 1);
    io.disconnectSockets();
    await until(() => seen.length === 2);
    expect(seen[1]).toEqual(['websocket-disconnected', 'io server disconnect']);
  });

  it('surfaces a connection error with its message', async () => {
    const { target, seen } = recordEvents();
    io.use((_socket, next) => next(new Error('Invalid token')));
    service = createSocketService({ url, events: target, getToken: async () => 'bad' });
    service.connect();
    await until(() => seen.length > 0);
    expect(seen[0]).toEqual(['websocket-error', 'Invalid token']);
  });
});
