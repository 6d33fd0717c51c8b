import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { entered, gameState, parsedEntered, parsedGameState, room, VALID } from '../protocol/messages.testkit';
import {
  SERVER_ERRORS,
  type Ack,
  type AckOf,
  type Answered,
  type ClientRequest,
  type ClientToServerWireEvents,
  type EnteredRoom,
  type GameStateView,
  type InterServerEvents,
  type ServerToClientWireEvents,
} from '../protocol/messages';
import { createSocketService, NOT_CONNECTED, SOCKET_OPTIONS, surfaceAsWindowEvents, type SocketService } from './socket';

// A real socket.io server on a loopback port, typed with the protocol: the service is tested
// against the real protocol. Its handlers answer as the game server does, or not quite.
let io: Server<ClientToServerWireEvents, ServerToClientWireEvents, InterServerEvents>;
let url: string;
let service: SocketService | null = null;
const tokens: unknown[] = [];
const received: [string, unknown][] = [];

beforeEach(async () => {
  const http = createServer();
  io = new Server(http);
  received.length = 0;
  io.on('connection', (socket) => {
    const auth = socket.handshake.auth as { token?: unknown; rejoinToken?: unknown };
    tokens.push(auth.rejoinToken ? [auth.token, auth.rejoinToken] : auth.token);
    socket.on('room:create', (payload, ack) => {
      received.push(['room:create', payload]);
      ack({ success: true, ...entered, room: { ...room, code: 'NEW123' } });
    });
    // A malformed acknowledgement: the room's code is missing.
    socket.on('room:join', (_payload, ack) => ack({ success: true, ...entered, room: { ...room, code: undefined } } as never));
    socket.on('game:move', (payload, ack) => {
      received.push(['game:move', payload]);
      ack({ success: true, gameState, extra: 'dropped' } as never);
    });
    // socket.io hands the acknowledgement over as the only argument when nothing was sent.
    socket.on('game:start', ((ack: (reply: unknown) => void) => ack({ success: true })) as never);
    socket.on('game:claimVictory', (_payload, ack) => ack({ success: false, error: 'You cannot claim victory yet' }));
    socket.on('game:withdrawUndo', (payload, ack) => {
      socket.emit('room:playerJoined', VALID['room:playerJoined']);
      received.push(['game:withdrawUndo', payload]);
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

/** Records the connection's changes as [type, reason or message or null]; `hear` subscribes a service. */
function recordEvents() {
  const seen: [string, unknown][] = [];
  const hear = (made: SocketService): SocketService => {
    made.onConnection((change) => seen.push([change.type, change.type === 'disconnected' ? change.reason : change.type === 'error' ? change.message : null]));
    return made;
  };
  return { hear, seen };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('socket service', () => {
  it('uses the settings of SPEC §9', () => {
    expect(SOCKET_OPTIONS).toEqual({
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      autoConnect: true,
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20000,
    });
  });

  it("throws 'Socket not connected' when used before connecting", () => {
    service = createSocketService({ url, getToken: async () => null });
    expect(() => service!.emit('game:forfeit', {})).toThrow(NOT_CONNECTED);
    expect(() => service!.on('game:started', () => {})).toThrow(NOT_CONNECTED);
  });

  it("surfaces the connection's states as SPEC §9's window events, with the reason and the message", async () => {
    const target = new EventTarget();
    const heard: [string, unknown][] = [];
    for (const type of ['websocket-connected', 'websocket-disconnected', 'websocket-error']) {
      target.addEventListener(type, (event) => heard.push([type, (event as CustomEvent).detail]));
    }
    service = createSocketService({ url, getToken: async () => null });
    surfaceAsWindowEvents(service, target);
    service.connect();
    await until(() => heard.length > 0);
    io.disconnectSockets();
    await until(() => heard.length > 1);
    expect(heard.slice(0, 2)).toEqual([
      ['websocket-connected', null],
      ['websocket-disconnected', 'io server disconnect'],
    ]);
  });

  it('connects, sends the access token, and resolves emits with the parsed acknowledgement', async () => {
    const { hear, seen } = recordEvents();
    service = hear(createSocketService({ url, getToken: async () => 'token-1' }));
    service.connect();
    await until(() => seen.length > 0);
    expect(seen).toEqual([['connected', null]]);
    expect(tokens).toEqual(['token-1']);
    const created = await service.emit('room:create', { username: 'Ann' });
    expectTypeOf(created).toEqualTypeOf<AckOf<'room:create'>>();
    expectTypeOf(created).toExtend<Ack<EnteredRoom>>();
    expect(created).toEqual({ success: true, ...parsedEntered, room: { ...room, code: 'NEW123' } });
    expect(received).toEqual([['room:create', { username: 'Ann' }]]);
    // What the protocol does not name is dropped.
    expect(await service.emit('game:move', { row: 0, col: 1 })).toEqual({ success: true, gameState: parsedGameState });
    // An event without data may be sent without a payload.
    expect(await service.emit('game:start')).toEqual({ success: true });
    expect(await service.emit('game:claimVictory', {})).toEqual({ success: false, error: 'You cannot claim victory yet' });
  });

  it('turns a malformed acknowledgement into a refusal naming the field', async () => {
    const { hear, seen } = recordEvents();
    service = hear(createSocketService({ url, getToken: async () => null }));
    service.connect();
    await until(() => seen.length > 0);
    expect(await service.emit('room:join', { code: 'ABC234', username: 'Bob' })).toEqual({
      success: false,
      error: 'Malformed acknowledgement of room:join: room.code is missing',
    });
  });

  it('sends a request held as any client event and answers with the request and its parsed acknowledgement', async () => {
    const { hear, seen } = recordEvents();
    service = hear(createSocketService({ url, getToken: async () => null }));
    service.connect();
    await until(() => seen.length > 0);
    const request: ClientRequest = { event: 'game:move', payload: { row: 2, col: 3 } };
    const answered = await service.send(request);
    expectTypeOf(answered).toEqualTypeOf<Answered>();
    expect(answered).toEqual({ event: 'game:move', payload: { row: 2, col: 3 }, ack: { success: true, gameState: parsedGameState } });
    // The event names which acknowledgement it is: a switch on it types the data.
    if (answered.event === 'game:move' && answered.ack.success) expectTypeOf(answered.ack.gameState).toEqualTypeOf<GameStateView>();
    expect(received).toEqual([['game:move', { row: 2, col: 3 }]]);
  });

  it('sends no token for an anonymous player', async () => {
    const { hear, seen } = recordEvents();
    service = hear(createSocketService({ url, getToken: async () => null }));
    service.connect();
    await until(() => seen.length > 0);
    expect(tokens).toEqual([undefined]);
  });

  it('sends the rejoin token of the room this tab was in', async () => {
    const { hear, seen } = recordEvents();
    service = hear(createSocketService({ url, getToken: async () => 'token-1', getRejoinToken: () => 'rejoin-1' }));
    service.connect();
    await until(() => seen.length > 0);
    expect(tokens).toEqual([['token-1', 'rejoin-1']]);
  });

  it('connects again when the signed-in user changes, so a signed-out token counts for nobody; a token refresh keeps the connection', async () => {
    const { hear, seen } = recordEvents();
    let token: string | null = 'token-ann';
    let report: (userId: string | null) => void = () => {};
    let watching = 0;
    service = hear(createSocketService({
      url,
      getToken: async () => token,
      watchUser: (changed) => {
        watching++;
        report = changed;
        changed('ann');
        return () => watching--;
      },
    }));
    service.connect();
    await until(() => service!.isConnected());
    expect(tokens).toEqual(['token-ann']);

    // A refreshed token of the same user: nothing to tell the server.
    token = 'token-ann-refreshed';
    report('ann');
    expect(service.isConnected()).toBe(true);

    // Signed out: the connection starts again, without a token.
    token = null;
    report(null);
    expect(service.isConnected()).toBe(false);
    await until(() => tokens.length === 2 && service!.isConnected());
    expect(tokens).toEqual(['token-ann', undefined]);

    // Signed in as someone else: again, with their token.
    token = 'token-bob';
    report('bob');
    await until(() => tokens.length === 3 && service!.isConnected());
    expect(tokens).toEqual(['token-ann', undefined, 'token-bob']);
    expect(seen.map(([type]) => type)).toEqual(['connected', 'disconnected', 'connected', 'disconnected', 'connected']);

    service.disconnect();
    expect(watching).toBe(0);
  });

  it('delivers server events until unsubscribed', async () => {
    const { hear, seen } = recordEvents();
    service = hear(createSocketService({ url, getToken: async () => null }));
    service.connect();
    const heard: unknown[] = [];
    const off = service.on('room:playerJoined', (payload) => heard.push(payload));
    await until(() => seen.length > 0);
    await service.emit('game:withdrawUndo', {});
    await until(() => heard.length === 1);
    // As it came off the wire: the listener parses it.
    expect(heard).toEqual([VALID['room:playerJoined']]);
    off();
    await service.emit('game:withdrawUndo', {});
    await until(() => received.length === 2);
    expect(heard).toHaveLength(1);
  });

  it('surfaces a server-side disconnect with its reason', async () => {
    const { hear, seen } = recordEvents();
    service = hear(createSocketService({ url, getToken: async () => null }));
    service.connect();
    await until(() => seen.length === 1);
    io.disconnectSockets();
    await until(() => seen.length === 2);
    expect(seen[1]).toEqual(['disconnected', 'io server disconnect']);
  });

  it('surfaces a connection error with its message', async () => {
    const { hear, seen } = recordEvents();
    io.use((_socket, next) => next(new Error('Invalid token')));
    service = hear(createSocketService({ url, getToken: async () => 'bad' }));
    service.connect();
    await until(() => seen.length > 0);
    expect(seen[0]).toEqual(['error', 'Invalid token']);
  });
});

describe('after the reconnection attempts are spent', () => {
  it('keeps trying, so a page gets back once a slow restart is over', async () => {
    // A port nobody listens on yet: the server is "restarting".
    const http = createServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const port = (http.address() as AddressInfo).port;
    await new Promise<void>((resolve) => http.close(() => resolve()));
    const { hear, seen } = recordEvents();
    service = hear(createSocketService({
      url: `http://127.0.0.1:${port}`,
      getToken: async () => null,
      timings: { reconnectionAttempts: 1, reconnectionDelay: 10, reconnectionDelayMax: 10, retryAfterGivingUpMs: 30 },
    }));
    service.connect();
    // More failures than the attempts allow: it went on after giving up.
    await until(() => seen.filter(([type]) => type === 'error').length >= 4);
    const back = createServer();
    const later = new Server(back);
    await new Promise<void>((resolve) => back.listen(port, '127.0.0.1', resolve));
    try {
      await until(() => seen.some(([type]) => type === 'connected'));
      expect(service.isConnected()).toBe(true);
    } finally {
      service.disconnect();
      await later.close();
    }
  });
});

describe('a room on another node', () => {
  it('connects again asking for that node and joins there, without telling the page of a drop', async () => {
    const http = createServer();
    const nodes = new Server(http);
    const handshakes: { node: unknown; follow: unknown }[] = [];
    nodes.on('connection', (socket) => {
      const here = socket.handshake.query.node;
      handshakes.push({ node: here, follow: (socket.handshake.auth as { follow?: unknown }).follow });
      // As a node that does not own the room answers a client that follows.
      socket.on('room:join', (_payload: unknown, ack: (reply: unknown) => void) =>
        ack(here === 'node-2' ? { success: true, ...entered } : { success: false, error: SERVER_ERRORS.roomElsewhere, node: 'node-2' }),
      );
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { hear, seen } = recordEvents();
    const other = hear(createSocketService({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, getToken: async () => null }));
    try {
      other.connect();
      await until(() => seen.length > 0);
      expect(await other.emit('room:join', { code: 'ABC234', username: 'Bo' })).toEqual({ success: true, ...parsedEntered });
      expect(handshakes).toEqual([
        { node: undefined, follow: true },
        { node: 'node-2', follow: true },
      ]);
      expect(seen).toEqual([['connected', null]]);
    } finally {
      other.disconnect();
      await nodes.close();
    }
  });
});
