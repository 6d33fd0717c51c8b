// Dropping out of a room before a game (a reload of the room page, a lost transport): the seat
// is kept for the grace period, so the player gets back in; a countdown stops; a player who
// stays away loses the seat and the host passes on; a quick-play opponent who never comes leaves
// an ordinary room behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock } from '../core/room-clock';
import { call, next, record, startHarness, type Harness } from './rooms.testkit';

const GRACE = 300;
const TICK = 200; // the countdown takes 3 ticks, longer than the grace period

// The rooms' deadlines (the grace period, the countdown) run on a clock that moves only when a
// test says: sockets and the database keep real time, however busy the machine is.
const clock = new SimulatedClock();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock, graceMs: GRACE, countdownTickMs: TICK });
});
afterAll(() => h.close());

type Player = { id: string; ready: boolean; connected: boolean };
type Room = { code: string; status: string; hostId: string; players: Player[] };
type Entered = { success: boolean; room: Room; playerId: string; rejoinToken: string };
type Connection = { playerId: string; players: Player[]; room: Room; graceMs?: number };

async function pair() {
  const host = await h.client();
  const guest = await h.client();
  const created = await call<Entered>(host, 'room:create', { username: 'Alice' });
  const joined = await call<Entered>(guest, 'room:join', { code: created.room.code, username: 'Bob' });
  return { host, guest, created, joined, code: created.room.code };
}

describe('dropping out of a room before the game', () => {
  it('a reload keeps the seat, readiness and host for the grace period: the rejoin token gets back in', async () => {
    const { host, guest, joined, code } = await pair();
    await call(guest, 'room:setReady', { ready: true });
    await call(host, 'room:setReady', { ready: true });
    const away = next<Connection>(host, 'room:playerDisconnected');
    guest.disconnect();
    const dropped = await away;
    expect(dropped).toMatchObject({ playerId: joined.playerId, graceMs: GRACE, room: { code, status: 'waiting' } });
    expect(dropped.players.map((p) => p.connected)).toEqual([true, false]);
    expect(await call(host, 'game:start', {})).toEqual({ success: false, error: 'Cannot start: every player must be present and ready' });

    const back = next<Connection>(host, 'room:playerReconnected');
    let rejoined: Promise<Entered> | undefined;
    const again = await h.client({ rejoinToken: joined.rejoinToken }, (s) => {
      rejoined = next(s, 'room:rejoined');
    });
    const entered = await rejoined!;
    expect(entered).toMatchObject({ playerId: joined.playerId, rejoinToken: joined.rejoinToken, room: { code, status: 'waiting', hostId: entered.room.players[0]!.id } });
    expect(entered.room.players.map((p) => [p.ready, p.connected])).toEqual([[true, true], [true, true]]);
    expect((await back).players.every((p) => p.connected)).toBe(true);

    clock.advance(GRACE + 100); // past the grace period: still seated, since the player came back
    expect(h.games.game.room(code)?.members).toHaveLength(2);
    const started = next(again, 'game:started');
    expect(await call(host, 'game:start', {})).toEqual({ success: true });
    clock.advance(3 * TICK);
    await started;
  });

  it('a player away past the grace period loses the seat, the host passes on, and the token is spent', async () => {
    const { host, guest, created, joined, code } = await pair();
    const away = next(guest, 'room:playerDisconnected');
    const left = next<{ playerId: string; hostId: string; players: Player[] }>(guest, 'room:playerLeft');
    host.disconnect();
    await away;
    clock.advance(GRACE);
    const event = await left;
    expect(event).toMatchObject({ playerId: created.playerId, hostId: joined.playerId });
    expect(event.players).toHaveLength(1);
    expect(h.games.game.room(code)?.hostId).toBe(joined.playerId);
    const late = await h.client();
    expect(await call(late, 'room:rejoin', { rejoinToken: created.rejoinToken })).toEqual({ success: false, error: 'Cannot rejoin: the room or seat is gone' });
    // The last one out removes the room.
    guest.disconnect();
    // Nobody is left to be told: the room shows the guest away once the server has seen it go.
    await expect.poll(() => h.games.game.room(code)?.members[0]?.connected, { timeout: 30_000, interval: 5 }).toBe(false);
    clock.advance(GRACE);
    expect((h.games.game.room(code) !== undefined)).toBe(false);
  });

  it('a drop during the countdown stops it: the room waits again and no game starts', async () => {
    const { host, guest, code } = await pair();
    await call(guest, 'room:setReady', { ready: true });
    await call(host, 'room:setReady', { ready: true });
    const starting = next(host, 'room:gameStarting');
    const started = record(host, 'game:started');
    expect(await call(host, 'game:start', {})).toEqual({ success: true });
    await starting;
    const away = next<Connection>(host, 'room:playerDisconnected');
    guest.disconnect();
    expect((await away).room.status).toBe('waiting');
    // Past when the countdown would have ended, and past the guest's grace period: the guest's
    // seat goes after every countdown tick, so a game:started would have come before.
    const gone = next(host, 'room:playerLeft');
    clock.advance(4 * TICK);
    await gone;
    expect(started).toHaveLength(0);
    expect(h.games.game.room(code)).toMatchObject({ status: 'waiting', game: null });
  });

  it('a dropped transport that socket.io recovers is seated again and told where it is', async () => {
    const { host, guest, joined, code } = await pair();
    const ready = next(guest, 'room:playerReady'); // a broadcast, so the guest has an offset to recover from
    await call(host, 'room:setReady', { ready: true });
    await ready;
    const id = guest.id;
    const away = next<Connection>(host, 'room:playerDisconnected');
    guest.io.engine.close();
    expect((await away).playerId).toBe(joined.playerId);
    const rejoined = next<Entered>(guest, 'room:rejoined');
    guest.connect();
    await next(guest, 'connect');
    expect(guest.id).toBe(id);
    expect(guest.recovered).toBe(true);
    expect(await rejoined).toMatchObject({ playerId: joined.playerId, room: { code, status: 'waiting' } });
    expect(await call(guest, 'room:setReady', { ready: true })).toMatchObject({ success: true });
    expect(h.games.game.room(code)?.members.map((p) => p.ready)).toEqual([true, true]);
  });
});

describe('a quick-play opponent who never comes', () => {
  const PAIRED_GRACE = 1500;
  const pairedClock = new SimulatedClock();
  let q: Harness;
  beforeAll(async () => {
    q = await startHarness({ clock: pairedClock, graceMs: PAIRED_GRACE });
  });
  afterAll(() => q.close());

  it('leaves the one who came an ordinary room, to host', async () => {
    const alice = await q.client();
    const bob = await q.client();
    const paired = next<{ code: string; rejoinToken: string }>(alice, 'pool:paired');
    await call(alice, 'pool:join', { username: 'Alice', boardSize: 8, timeControl: 'untimed' });
    await call(bob, 'pool:join', { username: 'Bob', boardSize: 8, timeControl: 'untimed' });
    const { code, rejoinToken } = await paired;
    // Only Alice's page comes in; Bob's never does.
    const gone = next<Connection & { hostId: string; room: Room & { quickPlay: boolean } }>(alice, 'room:playerLeft');
    const entered = await call<Entered & { room: Room & { quickPlay: boolean } }>(alice, 'room:rejoin', { rejoinToken });
    expect(entered.room).toMatchObject({ code, status: 'waiting', quickPlay: true });
    pairedClock.advance(PAIRED_GRACE); // Bob's grace period, from the pairing, runs out
    const left = await gone;
    expect(left).toMatchObject({ hostId: entered.playerId, room: { code, status: 'waiting', quickPlay: false } });
    expect(left.players.map((p) => p.id)).toEqual([entered.playerId]);
    expect(await call(alice, 'room:updateSettings', { boardSize: 6 })).toMatchObject({ success: true, room: { settings: { boardSize: 6 } } });
  });
});
