// Rooms over real sockets: create, join, ready, host-only settings, start with the countdown,
// leaving (dropping out of a room is in away.db.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, next, record, startHarness, type Harness } from './rooms.testkit';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Room = { code: string; status: string; hostId: string; isHost?: boolean; players: { id: string; username: string; ready: boolean }[]; settings: Record<string, unknown> };
type Entered = { success: boolean; error?: string; room: Room; playerId: string; rejoinToken: string };

async function pair() {
  const host = await h.client();
  const guest = await h.client();
  const created = await call<Entered>(host, 'room:create', { username: '  Alice ' });
  const joined = await call<Entered>(guest, 'room:join', { code: created.room.code.toLowerCase(), username: 'Bob' });
  return { host, guest, created, joined, code: created.room.code };
}

describe('rooms', () => {
  it('creates a room with a 6-character code and the default settings', async () => {
    const s = await h.client();
    const ack = await call<Entered>(s, 'room:create', { username: '  Alice  ' });
    expect(ack.success).toBe(true);
    expect(ack.room.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(ack.room).toMatchObject({ status: 'waiting', isHost: true, hostId: ack.playerId, settings: { boardSize: 6, scoringMechanism: 'connection', maxPlayers: 2, rated: true, timeControl: 'untimed', visibility: 'private' } });
    expect(ack.room.players).toEqual([{ id: ack.playerId, username: 'Alice', ready: false, connected: true, signedIn: false }]);
    expect(typeof ack.rejoinToken).toBe('string');
    s.disconnect();
  });

  it('refuses bad usernames and unknown, malformed or full rooms', async () => {
    const s = await h.client();
    expect(await call(s, 'room:create', { username: '   ' })).toEqual({ success: false, error: 'Please enter a username' });
    expect(await call(s, 'room:create', { username: 'x'.repeat(21) })).toMatchObject({ success: false });
    expect(await call(s, 'room:create', 'Alice')).toMatchObject({ success: false, error: expect.stringContaining('expected an object') });
    expect(await call(s, 'room:create', { username: 42 })).toMatchObject({ success: false, error: expect.stringContaining('username') });
    expect(await call(s, 'room:join', { code: 'ZZZZZZ', username: 'Bob' })).toEqual({ success: false, error: 'Room not found' });
    expect(await call(s, 'room:join', { code: '', username: 'Bob' })).toEqual({ success: false, error: 'Please enter a room code' });
    const { code } = await pair();
    expect(await call(s, 'room:join', { code, username: 'Carol' })).toEqual({ success: false, error: 'Room is full' });
  });

  it('tells the host who joined, and both of each ready flag', async () => {
    const host = await h.client();
    const guest = await h.client();
    const created = await call<Entered>(host, 'room:create', { username: 'Alice' });
    const joinedEvent = next<{ player: { username: string }; players: unknown[] }>(host, 'room:playerJoined');
    const joined = await call<Entered>(guest, 'room:join', { code: created.room.code, username: 'Bob' });
    expect(joined.room.isHost).toBe(false);
    expect(joined.room.players.map((p) => p.username)).toEqual(['Alice', 'Bob']);
    expect((await joinedEvent).player.username).toBe('Bob');
    const readyEvent = next<{ players: { ready: boolean }[]; playerId: string }>(host, 'room:playerReady');
    expect(await call(guest, 'room:setReady', { ready: true })).toMatchObject({ success: true });
    const ready = await readyEvent;
    expect(ready.playerId).toBe(joined.playerId);
    expect(ready.players.map((p) => p.ready)).toEqual([false, true]);
    expect(await call(guest, 'room:setReady', { ready: 'yes' })).toMatchObject({ success: false, error: expect.stringContaining('ready') });
  });

  it('lets only the host change settings; other scorings are Coming Soon', async () => {
    const { host, guest } = await pair();
    expect(await call(guest, 'room:updateSettings', { boardSize: 8 })).toEqual({ success: false, error: 'Only the host can do that' });
    const updated = next<{ settings: Record<string, unknown> }>(guest, 'room:settingsUpdated');
    expect(await call(host, 'room:updateSettings', { boardSize: 8 })).toMatchObject({ success: true });
    expect((await updated).settings).toEqual({ boardSize: 8, scoringMechanism: 'connection', maxPlayers: 2, rated: true, timeControl: 'untimed', visibility: 'private', mirrorRule: true });
    expect(await call(host, 'room:updateSettings', { scoringMechanism: 'expansion' })).toEqual({ success: false, error: 'Coming Soon' });
    expect(await call(host, 'room:updateSettings', { boardSize: 7 })).toMatchObject({ success: false, error: expect.stringContaining('boardSize') });
    expect(await call(host, 'room:updateSettings', {})).toMatchObject({ success: false });
  });

  it('the host chooses a rated or a casual game (rated by default); the guest is told', async () => {
    const { host, guest } = await pair();
    expect(await call(guest, 'room:updateSettings', { rated: false })).toEqual({ success: false, error: 'Only the host can do that' });
    const updated = next<{ settings: Record<string, unknown> }>(guest, 'room:settingsUpdated');
    expect(await call(host, 'room:updateSettings', { rated: false })).toMatchObject({ success: true, room: { settings: { rated: false } } });
    expect((await updated).settings).toMatchObject({ boardSize: 6, rated: false });
    expect(await call(host, 'room:updateSettings', { rated: 'no' })).toMatchObject({ success: false, error: expect.stringContaining('rated') });
  });

  it('a change of settings asks the guest to say Ready again; no change keeps it', async () => {
    const { host, guest } = await pair();
    await call(host, 'room:setReady', { ready: true });
    await call(guest, 'room:setReady', { ready: true });
    const updated = next<{ room: { players: { ready: boolean }[] } }>(guest, 'room:settingsUpdated');
    expect(await call(host, 'room:updateSettings', { rated: false })).toMatchObject({ success: true });
    expect((await updated).room.players.map((p) => p.ready)).toEqual([true, false]);
    await call(guest, 'room:setReady', { ready: true });
    const same = next<{ room: { players: { ready: boolean }[] } }>(guest, 'room:settingsUpdated');
    expect(await call(host, 'room:updateSettings', { rated: false })).toMatchObject({ success: true });
    expect((await same).room.players.map((p) => p.ready)).toEqual([true, true]);
  });

  it('starts only when the host asks with a full room all ready, after a 3-step countdown', async () => {
    const host = await h.client();
    await call(host, 'room:create', { username: 'Alice' });
    await call(host, 'room:setReady', { ready: true });
    expect(await call(host, 'game:start', {})).toMatchObject({ success: false }); // alone
    const created = await call<Entered>(host, 'room:create', { username: 'Alice' }); // leaves the first room
    const guest = await h.client();
    await call(guest, 'room:join', { code: created.room.code, username: 'Bob' });
    expect(await call(host, 'game:start', {})).toMatchObject({ success: false }); // nobody ready
    await call(host, 'room:setReady', { ready: true });
    expect(await call(host, 'game:start', {})).toMatchObject({ success: false }); // guest not ready
    await call(guest, 'room:setReady', { ready: true });
    expect(await call(guest, 'game:start', {})).toEqual({ success: false, error: 'Only the host can do that' });
    const countdown = record<{ countdown: number }>(guest, 'room:gameStarting');
    const startedHost = next<{ gameState: { currentPlayer: number; boardState: { gridWidth: number } }; room: Room }>(host, 'game:started');
    const startedGuest = next(guest, 'game:started');
    expect(await call(host, 'game:start')).toEqual({ success: true }); // no payload is fine too
    expect(await call(host, 'game:start', {})).toMatchObject({ success: false }); // already starting
    const started = await startedHost;
    await startedGuest;
    expect(countdown.map((c) => c.countdown)).toEqual([3, 2, 1]);
    expect(started.room.status).toBe('playing');
    expect(started.gameState.currentPlayer).toBe(0);
    expect(started.gameState.boardState.gridWidth).toBe(6);
    expect(await call(host, 'room:setReady', { ready: false })).toMatchObject({ success: false });
  });

  it('removes a leaver from a waiting room, passes the host on, and deletes empty rooms', async () => {
    const { host, guest, code, joined } = await pair();
    const left = next<{ playerId: string; hostId: string; players: unknown[] }>(guest, 'room:playerLeft');
    expect(await call(host, 'room:leave', {})).toEqual({ success: true });
    const event = await left;
    expect(event.hostId).toBe(joined.playerId);
    expect(event.players).toHaveLength(1);
    expect(h.games.game.room(code)?.hostId).toBe(joined.playerId);
    // Answered once the room is gone: the last one out removed it.
    expect(await call(guest, 'room:leave', {})).toEqual({ success: true });
    expect((h.games.game.room(code) !== undefined)).toBe(false);
  });

  it('throttles a socket that sends more than 20 events a second', async () => {
    const s = await h.client();
    const acks = await Promise.all(Array.from({ length: 30 }, () => call<{ success: boolean; error?: string }>(s, 'room:setReady', { ready: true })));
    expect(acks.filter((a) => a.error === 'Too many requests').length).toBe(10);
  });
});
