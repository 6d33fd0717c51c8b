// The spectator's connection against a real socket.io server on a loopback port, typed with the
// protocol: it watches on connecting, follows the room's events, and after the server restarts
// (spectators are not part of the rooms it rebuilds) it watches again by itself.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { gameState, room } from '../../protocol/messages.testkit';
import type { ClientToServerWireEvents, InterServerEvents, ServerToClientWireEvents } from '../../protocol/messages';
import { openWatch } from './watchConnection';
import { initialWatch, watchReducer, type WatchState } from './watchState';

// The server sends scores as decimal strings; the page's watch parses them into bigints.
type GameIo = Server<ClientToServerWireEvents, ServerToClientWireEvents, InterServerEvents>;
const servers: { io: GameIo; http: HttpServer }[] = [];
let close: (() => void) | null = null;

/** A server that answers room:watch with the fixture room, `spectators` watching; the codes asked. */
async function start(port: number, spectators: number, asked: string[]): Promise<{ io: GameIo; port: number }> {
  const http = createServer();
  const io: GameIo = new Server(http);
  io.on('connection', (socket) => {
    socket.on('room:watch', (payload, ack) => {
      asked.push(payload.code);
      void socket.join(room.code);
      ack({ success: true, room, gameState, result: null, spectators });
    });
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  servers.push({ io, http });
  return { io, port: (http.address() as AddressInfo).port };
}

afterEach(async () => {
  close?.();
  close = null;
  for (const { io } of servers.splice(0)) await io.close();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe("a spectator's connection", () => {
  it('watches on connecting, follows the moves, and watches again after a server restart', async () => {
    const asked: string[] = [];
    const first = await start(0, 1, asked);
    let state: WatchState = initialWatch;
    const timings = { reconnectionDelay: 20, reconnectionDelayMax: 50 };
    close = openWatch(room.code, (action) => (state = watchReducer(state, action)), { url: `http://127.0.0.1:${first.port}`, timings });
    await until(() => state.status === 'watching');
    expect(state).toMatchObject({ room: { code: room.code }, gameState: { moveCount: 2 }, spectators: 1 });

    first.io.to(room.code).emit('game:moveMade', { gameState: { ...gameState, moveCount: 3 }, move: { row: 0, col: 2, player: 0 } });
    await until(() => state.gameState?.moveCount === 3);

    // The server goes away (its rooms come back from the log; its spectators do not).
    await first.io.close();
    await until(() => state.status === 'connecting');
    expect(state.gameState?.moveCount).toBe(3); // what was shown stays meanwhile
    await start(first.port, 4, asked);
    await until(() => state.status === 'watching' && state.spectators === 4);
    expect(asked).toEqual([room.code, room.code]);
  });

  it("shows the server's refusal", async () => {
    const http = createServer();
    const io: GameIo = new Server(http);
    io.on('connection', (socket) => socket.on('room:watch', (_payload, ack) => ack({ success: false, error: 'Room not found' })));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    servers.push({ io, http });
    let state: WatchState = initialWatch;
    close = openWatch('ZZZZZZ', (action) => (state = watchReducer(state, action)), { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
    await until(() => state.status === 'refused');
    expect(state.error).toBe('Room not found');
  });
});
