// Every event the live server sends, as two real clients hear it through a room's life, passes
// the page's own parser (src/protocol/server-events.ts): the fixtures of its unit tests could
// drift from the server; this cannot.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_EVENT_NAMES } from '../../../../src/protocol/events';
import { parseServerEvent } from '../../../../src/protocol/server-events';
import { pgliteForTests } from '../../db/databases.testkit';
import { call, next, startHarness, type Harness } from '../tests/rooms.testkit';

let h: Harness;
/** A second server whose idle limit is short, for "Claim victory" and its shutdown notice. */
let idle: Harness;
beforeAll(async () => {
  h = await startHarness({ eventsPerSecond: 1000 });
  idle = await startHarness({ eventsPerSecond: 1000, idleClaimMs: 1000 });
});
afterAll(() => h.close());

type Heard = { name: string; payload: unknown };
type Entered = { room: { code: string }; playerId: string; rejoinToken: string };

/** A client that keeps every event it hears, in order. */
async function listening(heard: Heard[], auth: Record<string, string> = {}, server = h): Promise<Socket> {
  return server.client(auth, (socket) => socket.onAny((name: string, payload: unknown) => heard.push({ name, payload })));
}

describe('the page parses what the server sends', () => {
  it('every server event of a room from creation to forfeit parses, with the fields the server filled in', async () => {
    const heard: Heard[] = [];
    const alice = await listening(heard);
    const bob = await listening(heard);
    const created = await call<Entered>(alice, 'room:create', { username: 'Alice' });
    const joined = await call<Entered>(bob, 'room:join', { code: created.room.code, username: 'Bob' });
    await call(alice, 'room:updateSettings', { boardSize: 8 });
    // A client in the lobby hears the open games, a public room among them.
    const lobby = await listening(heard);
    const ruth = await h.client();
    await call(ruth, 'room:create', { username: 'Ruth' });
    await call(ruth, 'room:updateSettings', { visibility: 'public', timeControl: '5+3' });
    expect(await call(lobby, 'lobby:subscribe')).toEqual({ success: true });
    while (!heard.some((e) => e.name === 'lobby:openGames' && JSON.stringify(e.payload).includes('Ruth'))) await next(lobby, 'lobby:openGames');
    await call(alice, 'room:setReady', { ready: true });
    await call(bob, 'room:setReady', { ready: true });
    const started = next(bob, 'game:started');
    await call(alice, 'game:start', {});
    await started;

    await call(alice, 'game:move', { row: 0, col: 0 });
    await call(bob, 'game:move', { row: 1, col: 1 });
    const first = await call<{ requestId: string }>(alice, 'game:requestUndo', {});
    await call(bob, 'game:respondUndo', { requestId: first.requestId, approved: false });
    const second = await call<{ requestId: string }>(alice, 'game:requestUndo', {});
    await call(bob, 'game:respondUndo', { requestId: second.requestId, approved: true });
    await call(alice, 'game:move', { row: 0, col: 0 });
    await call(bob, 'game:move', { row: 1, col: 1 });
    await call(alice, 'game:requestUndo', {});
    await call(alice, 'game:withdrawUndo', {});

    // A spectator comes to watch: the players hear how many watch.
    const watching = next(alice, 'room:spectators');
    const spectator = await listening(heard);
    expect(await call(spectator, 'room:watch', { code: created.room.code })).toMatchObject({ success: true });
    await watching;
    spectator.disconnect(); // the rest of the room's life is the players'

    // Bob reloads: his new page rejoins with the token.
    const away = next(alice, 'room:playerDisconnected');
    bob.disconnect();
    await away;
    const back = next(alice, 'room:playerReconnected');
    const bobAgain = await listening(heard, { rejoinToken: joined.rejoinToken });
    await back;

    const finished = next(bobAgain, 'game:finished');
    await call(alice, 'game:forfeit', {});
    await finished;
    // Leaving the finished room tells the one who stays.
    const left = next(bobAgain, 'room:playerLeft');
    await call(alice, 'room:leave', {});
    await left;

    // Two players paired by quick play.
    const erin = await listening(heard);
    const frank = await listening(heard);
    const paired = next(frank, 'pool:paired');
    await call(erin, 'pool:join', { username: 'Erin', boardSize: 6, timeControl: '5+3' });
    await call(frank, 'pool:join', { username: 'Frank', boardSize: 6, timeControl: '5+3' });
    await paired;

    // A timed game through a restart; the player to move's clock waits for them.
    const database = await pgliteForTests();
    const shared = { ...database, stop: async () => undefined };
    const before = await startHarness({ eventsPerSecond: 1000 }, shared);
    const gina = await before.client();
    const hugo = await before.client();
    const timed = await call<Entered>(gina, 'room:create', { username: 'Gina' });
    const hugoIn = await call<Entered>(hugo, 'room:join', { code: timed.room.code, username: 'Hugo' });
    await call(gina, 'room:updateSettings', { timeControl: '1+1' });
    await call(gina, 'room:setReady', { ready: true });
    await call(hugo, 'room:setReady', { ready: true });
    const timedStart = next(hugo, 'game:started');
    await call(gina, 'game:start', {});
    await timedStart;
    await call(gina, 'game:move', { row: 0, col: 0 });
    await call(hugo, 'game:move', { row: 1, col: 1 });
    await before.close();
    const after = await startHarness({ eventsPerSecond: 1000 }, shared);
    let resumed: Promise<unknown> | undefined;
    await after.client({ rejoinToken: hugoIn.rejoinToken }, (socket) => {
      socket.onAny((name: string, payload: unknown) => heard.push({ name, payload }));
      resumed = next(socket, 'game:clockResumed');
    });
    await listening(heard, { rejoinToken: timed.rejoinToken }, after);
    await resumed;
    await after.close();
    await database.stop();

    // An idle player: the opponent may claim victory; then the server shuts down.
    const carol = await listening(heard, {}, idle);
    const dave = await listening(heard, {}, idle);
    const room = await call<Entered>(carol, 'room:create', { username: 'Carol' });
    await call(dave, 'room:join', { code: room.room.code, username: 'Dave' });
    await call(carol, 'room:setReady', { ready: true });
    await call(dave, 'room:setReady', { ready: true });
    const begun = next(dave, 'game:started');
    await call(carol, 'game:start', {});
    await begun;
    await call(carol, 'game:move', { row: 0, col: 0 });
    const claimable = next(carol, 'game:victoryClaimable');
    await call(dave, 'game:move', { row: 1, col: 1 });
    await claimable;
    const claimed = next(dave, 'game:finished');
    const won = await call(dave, 'game:claimVictory', {});
    expect(won).toEqual({ success: true });
    const restarting = next(carol, 'server:restarting');
    // The game server's own close (as on SIGTERM), while the clients are still connected.
    await Promise.all([idle.games.close(), restarting]);
    await idle.close();

    const names = new Set(heard.map((e) => e.name));
    expect([...names].sort()).toEqual([...SERVER_EVENT_NAMES].sort());
    for (const { name, payload } of heard) {
      const parsed = parseServerEvent(name, payload);
      expect(parsed.ok ? 'ok' : parsed.error, name).toBe('ok');
    }
    const parsedOf = (name: string) => heard.filter((e) => e.name === name).map((e) => parseServerEvent(e.name, e.payload));
    expect(parsedOf('room:rejoined')[0]).toMatchObject({ ok: true, message: { payload: { playerId: joined.playerId, room: { status: 'playing' } } } });
    expect(parsedOf('game:undoApproved')[0]).toMatchObject({ ok: true, message: { payload: { requestId: second.requestId, gameState: { moveCount: 0 } } } });
    expect(parsedOf('game:finished')[0]).toMatchObject({ ok: true, message: { payload: { winner: 1, reason: 'forfeit' } } });
    expect(parsedOf('game:finished')[2]).toMatchObject({ ok: true, message: { payload: { winner: 1, reason: 'claimed' } } });
    void claimed;
  });
});
