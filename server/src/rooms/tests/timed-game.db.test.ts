// Time controls over real sockets, on simulated time (the rooms' clock moves only when
// the test says; sockets and the database keep real time): the clocks in every game state,
// a flag on time that is rated (each player made 5 moves), the clocks after a reload, and a restart that gives back the
// time the server was down.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteForTests, type TestDatabase } from '../../db/databases.testkit';
import { SimulatedClock } from '../core/room-clock';
import { COUNTDOWN_TICK_MS, call, next, startHarness, type Harness } from './rooms.testkit';

type Clocks = { remainingMs: [number, number]; running: 0 | 1 | null };
type Entered = { success: boolean; room: { code: string }; playerId: string; rejoinToken: string; gameState: { clocks: Clocks | null } | null };
type Moved = { gameState: { clocks: Clocks } };
type Finished = { winner: number | null; reason: string; gameState: { clocks: Clocks }; ratings?: { before: number; after: number }[] };

const MINUTE = 60_000;
let shared: TestDatabase;
beforeAll(async () => {
  shared = await pgliteForTests();
});
afterAll(() => shared.stop());

/** A game server on the shared database whose rooms run on `clock`. */
const harness = (clock: SimulatedClock) => startHarness({ clock, eventsPerSecond: 1000 }, { ...shared, stop: async () => undefined });

async function account(h: Harness, email: string, username: string): Promise<Record<string, string>> {
  const [row] = await h.db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`, [email, JSON.stringify({ username })]);
  return { token: (await h.keys.accessToken({ id: row!.id, email })).token };
}

/** A 1+1 game between two signed-in players, started (the countdown run on the simulated clock). */
async function timedGame(h: Harness, clock: SimulatedClock, tag: string) {
  const host = await h.client(await account(h, `${tag}-a@example.com`, `${tag}A`));
  const guest = await h.client(await account(h, `${tag}-b@example.com`, `${tag}B`));
  const created = await call<Entered>(host, 'room:create', { username: 'Alice' });
  const joined = await call<Entered>(guest, 'room:join', { code: created.room.code, username: 'Bob' });
  const told = next<{ settings: { timeControl: string } }>(guest, 'room:settingsUpdated');
  expect(await call(host, 'room:updateSettings', { timeControl: '1+1' })).toMatchObject({ success: true });
  expect((await told).settings.timeControl).toBe('1+1');
  await call(host, 'room:setReady', { ready: true });
  await call(guest, 'room:setReady', { ready: true });
  const started = Promise.all([next<{ gameState: { clocks: Clocks } }>(host, 'game:started'), next(guest, 'game:started')]);
  await call(host, 'game:start', {});
  clock.advance(3 * COUNTDOWN_TICK_MS); // the harness's countdown: 3 ticks
  const [game] = await started;
  expect(game.gameState.clocks).toEqual({ remainingMs: [MINUTE, MINUTE], running: null });
  return { host, guest, created, joined };
}

async function move(player: Socket, row: number, col: number, watcher: Socket): Promise<Clocks> {
  const heard = next<Moved>(watcher, 'game:moveMade');
  expect(await call(player, 'game:move', { row, col })).toMatchObject({ success: true });
  return (await heard).gameState.clocks;
}

describe('a timed game over sockets', () => {
  it('runs each clock from its second turn with the increment, and a flag ends the game on time, rated', async () => {
    const clock = new SimulatedClock();
    const h = await harness(clock);
    try {
      const { host, guest } = await timedGame(h, clock, 'flag');
      clock.advance(4000);
      expect(await move(host, 0, 0, guest)).toEqual({ remainingMs: [MINUTE, MINUTE], running: null });
      clock.advance(4000);
      expect(await move(guest, 0, 1, host)).toEqual({ remainingMs: [MINUTE, MINUTE], running: 0 });
      clock.advance(3000);
      // Alice used 3 s, got 1 s back; Bob's clock runs.
      expect(await move(host, 1, 0, guest)).toEqual({ remainingMs: [MINUTE - 2000, MINUTE], running: 1 });
      // Five moves each (a flag before that is not rated), played at once: each adds the increment.
      for (let row = 1; row <= 4; row++) {
        await move(guest, row, 1, host);
        await move(host, row + 1, 0, guest);
      }
      const left = MINUTE + 4000; // Bob's: four increments

      const finished = Promise.all([next<Finished>(host, 'game:finished'), next<Finished>(guest, 'game:finished')]);
      clock.advance(left - 1);
      clock.advance(1);
      const [toHost, toGuest] = await finished;
      expect(toHost).toMatchObject({ winner: 0, reason: 'timeout', gameState: { clocks: { remainingMs: [MINUTE + 2000, 0], running: null } } });
      expect(toGuest).toMatchObject({ winner: 0, reason: 'timeout' });
      // Rated: the result and both profiles were written with the flag.
      expect(toHost.ratings).toMatchObject([{ before: 1200, after: 1220 }, { before: 1200, after: 1180 }]);
      expect(await call(guest, 'game:move', { row: 5, col: 1 })).toEqual({ success: false, error: 'No game in progress' });
    } finally {
      await h.close();
    }
  });

  it('gives a player who reloads, and a spectator who arrives, the clocks as they are now', async () => {
    const clock = new SimulatedClock();
    const h = await harness(clock);
    try {
      const { host, guest, joined } = await timedGame(h, clock, 'reload');
      await move(host, 0, 0, guest);
      await move(guest, 0, 1, host); // Alice's clock runs
      await move(host, 1, 0, guest); // Bob's clock runs; Alice used no time and got her 1 s increment
      clock.advance(12_345);
      guest.disconnect();
      let rejoined: Promise<Entered> | undefined;
      await h.client({ rejoinToken: joined.rejoinToken }, (s) => (rejoined = next<Entered>(s, 'room:rejoined')));
      expect((await rejoined!).gameState?.clocks).toEqual({ remainingMs: [MINUTE + 1000, MINUTE - 12_345], running: 1 });
      // A spectator arriving now sees the same clocks.
      const watched = await call<{ gameState: { clocks: Clocks } }>(await h.client(), 'room:watch', { code: joined.room.code });
      expect(watched.gameState.clocks).toEqual({ remainingMs: [MINUTE + 1000, MINUTE - 12_345], running: 1 });
    } finally {
      await h.close();
    }
  });

  it('after a restart the player to move gets back the time the server was down, and their clock waits for them', async () => {
    const clock = new SimulatedClock();
    const first = await harness(clock);
    const { host, guest, created, joined } = await timedGame(first, clock, 'restart');
    await move(host, 0, 0, guest);
    await move(guest, 0, 1, host); // Alice's clock runs from here
    clock.advance(5000);
    await first.close();
    // Its lease was last renewed (the node was last known alive) 5 s into Alice's turn.
    await shared.db.query(`update game_server.room_leases set expires_at = to_timestamp($1 / 1000.0) + interval '3 seconds' where code = $2`, [clock.now(), created.room.code]);

    clock.advance(10 * MINUTE); // the server is down for ten minutes
    const second = await harness(clock);
    try {
      // Bob is back first: Alice's clock waits for her.
      let bobBack: Promise<Entered> | undefined;
      const bob = await second.client({ rejoinToken: joined.rejoinToken }, (s) => (bobBack = next<Entered>(s, 'room:rejoined')));
      expect((await bobBack!).gameState?.clocks).toEqual({ remainingMs: [MINUTE - 5000, MINUTE], running: null });
      const resumed = next<{ clocks: Clocks }>(bob, 'game:clockResumed');
      clock.advance(7000); // Alice takes a while to come back: not her time either
      let rejoined: Promise<Entered> | undefined;
      await second.client({ rejoinToken: created.rejoinToken }, (s) => (rejoined = next<Entered>(s, 'room:rejoined')));
      // Charged the 5 s before the server went down, not the ten minutes it was down; her clock runs again.
      expect((await rejoined!).gameState?.clocks).toEqual({ remainingMs: [MINUTE - 5000, MINUTE], running: 0 });
      expect((await resumed).clocks).toEqual({ remainingMs: [MINUTE - 5000, MINUTE], running: 0 });
    } finally {
      await second.close();
    }
  });
});
