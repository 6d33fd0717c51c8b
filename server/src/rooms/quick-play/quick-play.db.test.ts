// Quick play over real sockets on one node: two compatible players are paired into one
// new room and their game starts with no further click; incompatible ones wait; signed-in players
// are paired by rating band, widening as they wait (the rooms' clock is the test's); Cancel and a
// drop take a player out; a player in a room cannot be in the pool; bad payloads and floods are refused.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock } from '../core/room-clock';
import { COUNTDOWN_TICK_MS, call, next, startHarness, type Harness } from '../tests/rooms.testkit';

let h: Harness;
const clock = new SimulatedClock(Date.parse('2026-11-25T12:00:00Z'));
beforeAll(async () => {
  h = await startHarness({ clock });
});
afterAll(() => h.close());

type Paired = { code: string; rejoinToken: string };
type Room = { code: string; status: string; players: { username: string; ready: boolean; connected: boolean; signedIn: boolean }[]; settings: Record<string, unknown> };
type Entered = { success: boolean; error?: string; room: Room; playerId: string };
type Started = { room: Room; gameState: { boardState: { gridWidth: number }; seats: { username: string }[] } };

const EIGHT_BY_EIGHT = { boardSize: 8, timeControl: '3+2' } as const;

/** A signed-in player's access token: an account in auth.users (its profile rated 1200), rated `rating`. */
async function account(username: string, rating = 1200): Promise<string> {
  const email = `${username}-${Date.now()}@example.com`;
  const [row] = await h.db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`, [email, JSON.stringify({ username })]);
  await h.db.query(`update public.profiles set elo_rating = $2 where id = $1`, [row!.id, rating]);
  return (await h.keys.accessToken({ id: row!.id, email })).token;
}

/** Into the pool with these settings; resolves with the acknowledgement. */
const enter = (socket: Socket, username: string, settings: { boardSize: number; timeControl: string } = EIGHT_BY_EIGHT) =>
  call<{ success: boolean; error?: string; rated?: boolean }>(socket, 'pool:join', { username, ...settings });

/** The page's part once paired: into the room with the token it was sent. */
const comeIn = (socket: Socket, paired: Paired) => call<Entered>(socket, 'room:rejoin', { rejoinToken: paired.rejoinToken });

/** Whether `socket` hears pool:paired within a short while (nothing should come: a negative check). */
async function pairedSoon(socket: Socket): Promise<boolean> {
  await h.games.game.quickPlay.sweep();
  return next(socket, 'pool:paired', 300).then(
    () => true,
    () => false,
  );
}

describe('quick play', () => {
  it('pairs two players with the same board size and time control into a new room; the game starts on both pages', async () => {
    const alice = await h.client();
    const bob = await h.client();
    expect(await enter(alice, 'Alice')).toEqual({ success: true, rated: false });
    const alicePaired = next<Paired>(alice, 'pool:paired');
    const bobPaired = next<Paired>(bob, 'pool:paired');
    expect(await enter(bob, 'Bob')).toEqual({ success: true, rated: false });
    const [a, b] = await Promise.all([alicePaired, bobPaired]);
    expect(a.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(b.code).toBe(a.code);
    expect(a.rejoinToken).not.toBe(b.rejoinToken);

    const started = Promise.all([next<Started>(alice, 'game:started'), next<Started>(bob, 'game:started')]);
    const countdown = next<{ countdown: number }>(bob, 'room:gameStarting');
    const aliceIn = await comeIn(alice, a);
    expect(aliceIn).toMatchObject({ success: true, room: { code: a.code, status: 'waiting' } });
    expect(aliceIn.room.settings).toEqual({ boardSize: 8, scoringMechanism: 'connection', maxPlayers: 2, rated: false, timeControl: '3+2', visibility: 'private', mirrorRule: true });
    expect(await comeIn(bob, b)).toMatchObject({ success: true, room: { code: a.code, status: 'starting' } });
    expect((await countdown).countdown).toBe(3);
    clock.advance(3 * COUNTDOWN_TICK_MS);
    const [forAlice, forBob] = await started;
    expect(forAlice.room.status).toBe('playing');
    expect(forAlice.gameState.boardState.gridWidth).toBe(8);
    expect(forBob.gameState.seats.map((s) => s.username).sort()).toEqual(['Alice', 'Bob']);
    // Nobody clicked Ready or Start: the pool did.
    expect(forBob.room.players.every((p) => p.ready && p.connected)).toBe(true);
  });

  it('keeps apart players of another board size, time control, or signed in with anonymous', async () => {
    const alice = await h.client();
    await enter(alice, 'Alice', { boardSize: 10, timeControl: '1+1' });
    const other = await h.client();
    await enter(other, 'Olga', { boardSize: 6, timeControl: '1+1' });
    const another = await h.client();
    await enter(another, 'Oscar', { boardSize: 10, timeControl: '5+3' });
    const signedIn = await h.client({ token: await account('sam') });
    expect(await enter(signedIn, 'Sam', { boardSize: 10, timeControl: '1+1' })).toEqual({ success: true, rated: true });
    expect(await pairedSoon(alice)).toBe(false);
    // The one who fits is paired with Alice, not with the others.
    const bob = await h.client();
    const paired = [next<Paired>(alice, 'pool:paired'), next<Paired>(bob, 'pool:paired')];
    await enter(bob, 'Bob', { boardSize: 10, timeControl: '1+1' });
    const [forAlice, forBob] = await Promise.all(paired);
    expect(forAlice!.code).toBe(forBob!.code);
    for (const s of [other, another, signedIn]) s.disconnect();
  });

  it('pairs signed-in players within a rating band that widens as they wait; their game is rated', async () => {
    const [ann, ben] = await Promise.all([h.client({ token: await account('ann', 1200) }), h.client({ token: await account('ben', 1400) })]);
    const paired = [next<Paired>(ann!, 'pool:paired', 60_000), next<Paired>(ben!, 'pool:paired', 60_000)];
    expect(await enter(ann!, 'Ann', { boardSize: 6, timeControl: '10+5' })).toEqual({ success: true, rated: true });
    expect(await enter(ben!, 'Ben', { boardSize: 6, timeControl: '10+5' })).toEqual({ success: true, rated: true });
    // 200 apart: ±100 at first, +50 for every 5 s both have waited.
    expect(await pairedSoon(ann!)).toBe(false);
    clock.advance(5000);
    expect(await pairedSoon(ann!)).toBe(false);
    clock.advance(5000);
    await h.games.game.quickPlay.sweep();
    const [a, b] = await Promise.all(paired);
    expect(a!.code).toBe(b!.code);
    const entered = await comeIn(ann!, a!);
    expect(entered.room.settings).toMatchObject({ boardSize: 6, timeControl: '10+5', rated: true });
    expect(entered.room.players.every((p) => p.signedIn)).toBe(true);
  });

  it('Cancel takes a player out of the pool: the next one is not paired with them', async () => {
    const alice = await h.client();
    await enter(alice, 'Alice', { boardSize: 6, timeControl: '5+3' });
    expect(await call(alice, 'pool:leave')).toEqual({ success: true });
    expect(await call(alice, 'pool:leave', {})).toEqual({ success: true }); // twice is fine
    const bob = await h.client();
    await enter(bob, 'Bob', { boardSize: 6, timeControl: '5+3' });
    expect(await pairedSoon(alice)).toBe(false);
    expect(await pairedSoon(bob)).toBe(false);
    const carol = await h.client();
    const paired = [next<Paired>(bob, 'pool:paired'), next<Paired>(carol, 'pool:paired')];
    await enter(carol, 'Carol', { boardSize: 6, timeControl: '5+3' });
    const [forBob, forCarol] = await Promise.all(paired);
    expect(forBob!.code).toBe(forCarol!.code);
  });

  it('a player who closes the page or drops is out of the pool: nobody is paired with a ghost', async () => {
    const ghost = await h.client();
    await enter(ghost, 'Ghost', { boardSize: 8, timeControl: 'untimed' });
    ghost.disconnect();
    // The disconnect reaches the server a moment later; the next player arrives after it.
    await expect.poll(() => h.db.query(`select 1 from game_server.quick_play_pool where username = 'Ghost'`), { timeout: 10_000 }).toEqual([]);
    // An entry of this node whose socket went while it was being written: the next sweep takes it out.
    await h.db.query(
      `insert into game_server.quick_play_pool (socket_id, node, username, board_size, time_control, since_ms, expires_at)
       values ('gone-socket', $1, 'Gone', 8, 'untimed', $2, now() + interval '1 minute')`,
      [h.games.game.nodeId, clock.now()],
    );
    await h.games.game.quickPlay.sweep();
    expect(await h.db.query(`select 1 from game_server.quick_play_pool where username = 'Gone'`)).toEqual([]);
    const bob = await h.client();
    await enter(bob, 'Bob', { boardSize: 8, timeControl: 'untimed' });
    expect(await pairedSoon(bob)).toBe(false);
    bob.disconnect();
  });

  it('a player in a room cannot be in the pool; entering a room takes a player out of it', async () => {
    const host = await h.client();
    await call(host, 'room:create', { username: 'Hana' });
    expect(await enter(host, 'Hana')).toEqual({ success: false, error: 'Already in a room' });
    const waiting = await h.client();
    await enter(waiting, 'Will', { boardSize: 10, timeControl: 'untimed' });
    expect(await call(waiting, 'room:create', { username: 'Will' })).toMatchObject({ success: true });
    const late = await h.client();
    await enter(late, 'Lena', { boardSize: 10, timeControl: 'untimed' });
    expect(await pairedSoon(late)).toBe(false);
    late.disconnect();
  });

  it('refuses bad payloads with clear errors, and a flood of joins and leaves', async () => {
    const s = await h.client();
    expect(await call(s, 'pool:join', { username: '  ', boardSize: 6, timeControl: 'untimed' })).toEqual({ success: false, error: 'Please enter a username' });
    expect(await call(s, 'pool:join', { username: 'Al', boardSize: 7, timeControl: 'untimed' })).toEqual({ success: false, error: 'boardSize must be 6, 8, 10, 12, 14 or 16, got 7' });
    expect(await call(s, 'pool:join', { username: 'Al', boardSize: 6, timeControl: '2+1' })).toMatchObject({ success: false, error: expect.stringContaining('timeControl must be untimed, 1+1, 3+2, 5+3 or 10+5') });
    expect(await call(s, 'pool:join', { username: 'Al', boardSize: 6 })).toEqual({ success: false, error: 'timeControl is missing' });
    expect(await call(s, 'pool:join', 'play')).toMatchObject({ success: false, error: expect.stringContaining('expected an object') });
    expect(await call(s, 'pool:leave', { now: true })).toMatchObject({ success: false });
    const flood = await h.client();
    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? call<{ error?: string }>(flood, 'pool:leave') : enter(flood, 'Flo', { boardSize: 6, timeControl: '10+5' }))),
    );
    expect(acks.filter((a) => a.error === 'Too many requests').length).toBe(10);
  });
});
