// Spectators over real sockets with the real engine: anyone with the code watches a
// game live, joining mid-game with the whole state at once; a spectator can never act; the number
// watching goes up and down (a dropped spectator included); the end of the game is seen, and a
// finished game stays viewable while its room exists.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENT_NAMES, SERVER_ERRORS, parseAck } from '../../../../src/protocol';
import { call, columnsPlan, next, record, startHarness, type Harness } from '../tests/rooms.testkit';

type Entered = { success: boolean; room: { code: string }; playerId: string; rejoinToken: string };
type GameState = { boardState: { occupiedCells: [string[], string[]] }; scores: [string, string]; moveCount: number; progress: string };
type Watched = { success: boolean; error?: string; room: { code: string; status: string; players: { username: string }[] }; gameState: GameState | null; result: { winner: number | 'draw' | null; reason: string } | null; spectators: number };
type Finished = { winner: number | 'draw'; scores: [string, string]; reason: string };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ eventsPerSecond: 1000 });
});
afterAll(() => h.close());

/** A game under way between Alice (player 0) and Bob. */
async function startedGame() {
  const host = await h.client();
  const guest = await h.client();
  const created = await call<Entered>(host, 'room:create', { username: 'Alice' });
  await call<Entered>(guest, 'room:join', { code: created.room.code, username: 'Bob' });
  await call(host, 'room:setReady', { ready: true });
  await call(guest, 'room:setReady', { ready: true });
  const started = Promise.all([next(host, 'game:started'), next(guest, 'game:started')]);
  await call(host, 'game:start', {});
  await started;
  return { host, guest, code: created.room.code };
}

async function play(players: [Socket, Socket], moves: { row: number; col: number }[], from = 0) {
  for (const [i, move] of moves.entries()) expect(await call(players[(from + i) % 2]!, 'game:move', move), JSON.stringify(move)).toMatchObject({ success: true });
}

/** A new client watching the room; its acknowledgement as the page parses it. */
async function spectator(code: string): Promise<{ socket: Socket; watched: Watched }> {
  const socket = await h.client();
  const watched = await call<Watched>(socket, 'room:watch', { code });
  expect(parseAck('room:watch', watched)).toMatchObject({ success: true });
  return { socket, watched };
}

/** The next `n` of `event` on `socket`. */
function collect<T>(socket: Socket, event: string, n: number): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const seen: T[] = [];
    const timer = setTimeout(() => reject(new Error(`only ${seen.length} of ${n} ${event}`)), 30_000);
    const heard = (payload: T) => {
      seen.push(payload);
      if (seen.length < n) return;
      clearTimeout(timer);
      socket.off(event, heard);
      resolve(seen);
    };
    socket.on(event, heard);
  });
}

/** Resolves once `socket` hears that `count` are watching (the number is told coalesced, so maybe not each step). */
function watchers(socket: Socket, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`never heard ${count} watching`)), 30_000);
    const heard = (payload: { count: number }) => {
      if (payload.count !== count) return;
      clearTimeout(timer);
      socket.off('room:spectators', heard);
      resolve();
    };
    socket.on('room:spectators', heard);
  });
}

describe('spectators', () => {
  it('a spectator joining mid-game gets the whole game at once, then every move as the players do', async () => {
    const { host, guest, code } = await startedGame();
    const moves = columnsPlan();
    await play([host, guest], moves.slice(0, 5));
    const { socket, watched } = await spectator(code.toLowerCase());
    expect(watched).toMatchObject({ success: true, room: { code, status: 'playing', players: [{ username: 'Alice' }, { username: 'Bob' }] }, result: null, spectators: 1 });
    expect(watched.gameState).toMatchObject({ moveCount: 5, progress: 'playing' });
    // Alice took (0,0), (1,0), (2,0); Bob (0,1), (1,1): cells are 'x-y'.
    expect(watched.gameState!.boardState.occupiedCells).toEqual([
      ['0-0', '0-1', '0-2'],
      ['1-0', '1-1'],
    ]);
    const seen = collect<{ gameState: GameState }>(socket, 'game:moveMade', 4);
    await play([host, guest], moves.slice(5, 9), 5);
    expect((await seen).map((m) => m.gameState.moveCount)).toEqual([6, 7, 8, 9]);
  });

  it('a spectator can never act: every game and room command is refused, and it never gets a seat or a rejoin token', async () => {
    const { host, guest, code } = await startedGame();
    const { socket } = await spectator(code);
    const heard: { name: string; payload: unknown }[] = [];
    socket.onAny((name: string, payload: unknown) => heard.push({ name, payload }));
    const payloads: Record<string, unknown> = {
      'room:create': { username: 'Eve' },
      'room:join': { code, username: 'Eve' },
      'room:leave': {},
      'room:setReady': { ready: true },
      'room:updateSettings': { boardSize: 8 },
      'room:rejoin': { rejoinToken: 'not-a-token' },
      'room:rematch': {},
      'game:start': {},
      'game:move': { row: 0, col: 0 },
      'game:requestUndo': {},
      'game:respondUndo': { requestId: 'r1', approved: true },
      'game:forfeit': {},
      'game:withdrawUndo': {},
      'game:claimVictory': {},
      'pool:join': { username: 'Eve', boardSize: 6, timeControl: 'untimed' },
    };
    // Watching, subscribing to the lobby's open games and leaving the pool act on no game.
    const harmless: string[] = ['room:watch', 'room:unwatch', 'lobby:subscribe', 'lobby:unsubscribe', 'pool:leave'];
    const commands = CLIENT_EVENT_NAMES.filter((event) => !harmless.includes(event));
    expect(Object.keys(payloads).sort()).toEqual([...commands].sort());
    for (const event of commands) expect(await call(socket, event, payloads[event]), event).toEqual({ success: false, error: SERVER_ERRORS.spectatorsCannotPlay });
    // Nothing changed: Alice still moves first on an empty board, and the game goes on.
    const moved = next<{ gameState: GameState }>(socket, 'game:moveMade');
    await play([host, guest], columnsPlan().slice(0, 2));
    expect((await moved).gameState.moveCount).toBe(1);
    expect(h.games.game.room(code)?.members.map((m) => m.username)).toEqual(['Alice', 'Bob']);
    // An undo request is the room's news: the spectator hears it, as the players do.
    const asked = next(socket, 'game:undoRequested');
    await call(host, 'game:requestUndo', {});
    await asked;
    expect(JSON.stringify(heard)).not.toContain('rejoinToken');
    expect(heard.map((e) => e.name)).not.toContain('room:rejoined');
  });

  it('a seated player cannot watch, a code that names no room is refused, and a spectator may stop watching', async () => {
    const { host, guest, code } = await startedGame();
    expect(await call(host, 'room:watch', { code })).toEqual({ success: false, error: SERVER_ERRORS.alreadyInRoom });
    const socket = await h.client();
    expect(await call(socket, 'room:watch', { code: 'ZZZZZZ' })).toEqual({ success: false, error: SERVER_ERRORS.roomNotFound });
    expect(await call(socket, 'room:watch', { code: '' })).toEqual({ success: false, error: SERVER_ERRORS.roomCodeRequired });
    expect(await call(socket, 'room:watch', {})).toEqual({ success: false, error: SERVER_ERRORS.roomCodeRequired });
    expect(await call(socket, 'room:watch', { code })).toMatchObject({ success: true });
    expect(await call(socket, 'room:unwatch')).toEqual({ success: true });
    // No longer watching: no more moves, and it may take a seat elsewhere.
    const seen = record(socket, 'game:moveMade');
    const heard = next(guest, 'game:moveMade');
    await call(host, 'game:move', { row: 0, col: 0 });
    await heard;
    expect(await call(socket, 'room:create', { username: 'Eve' })).toMatchObject({ success: true });
    expect(seen).toEqual([]);
  });

  it('the number watching goes up and down, a dropped spectator included, and players and spectators hear it', async () => {
    const { host, code } = await startedGame();
    const one = watchers(host, 1);
    const first = await spectator(code);
    await one;
    const two = Promise.all([watchers(host, 2), watchers(first.socket, 2)]);
    const second = await spectator(code);
    expect(second.watched.spectators).toBe(2);
    await two;
    const dropped = Promise.all([watchers(host, 1), watchers(second.socket, 1)]);
    first.socket.disconnect();
    await dropped;
    const none = watchers(host, 0);
    expect(await call(second.socket, 'room:unwatch')).toEqual({ success: true });
    await none;
    expect((await spectator(code)).watched.spectators).toBe(1);
  });

  it('a player who comes back after a reload is told how many watch', async () => {
    const host = await h.client();
    const created = await call<Entered>(host, 'room:create', { username: 'Alice' });
    const code = created.room.code;
    const one = watchers(host, 1);
    await spectator(code);
    await one;
    host.disconnect();
    let told: Promise<{ code: string; count: number }> | undefined;
    await h.client({ rejoinToken: created.rejoinToken }, (socket) => (told = next(socket, 'room:spectators')));
    expect(await told).toEqual({ code, count: 1 });
  });

  it('a crowd arriving at once is told in a few messages, not one per spectator', async () => {
    const { host, code } = await startedGame();
    const counts = record<{ count: number }>(host, 'room:spectators');
    const all = watchers(host, 20);
    await Promise.all(Array.from({ length: 20 }, () => spectator(code)));
    await all;
    expect(counts.length).toBeLessThan(20);
  });

  it('a spectator sees the game end; a late one opens the finished game with its board and result', async () => {
    const { host, guest, code } = await startedGame();
    const { socket } = await spectator(code);
    const finished = next<Finished>(socket, 'game:finished');
    await play([host, guest], columnsPlan());
    expect(await finished).toMatchObject({ winner: 0, scores: ['216', '72'], reason: 'board-full' });
    const late = await spectator(code);
    expect(late.watched).toMatchObject({ room: { status: 'finished' }, result: { winner: 0, reason: 'board-full' }, gameState: { moveCount: 36, progress: 'over', scores: ['216', '72'] } });
  });
});
