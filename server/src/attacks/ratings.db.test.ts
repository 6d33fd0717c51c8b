/**
 * Farming a rating with a second account, over real sockets against the real server (auth,
 * PostgREST, the game server) on both databases. Two accounts signed up through /auth/v1 play
 * rated games in which the second account forfeits at once: once, that gave +92 in 18 s over six
 * games. Now a game ended before each player has made RATED_MIN_MOVES moves rates nobody, and two
 * accounts change each other's ratings in one game a day, so the farmer gains at most one win's
 * +20 whatever they play. And a game whose two players are both away, dropped or cut off by a
 * restart, is aborted for both instead of a rated loss for whoever dropped first (or seat 0).
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RATED_GAMES_PER_PAIR_PER_DAY, RATED_MIN_MOVES } from '../../../src/protocol';
import { loadEngine } from '../../../src/engine/load';
import { TEST_DATABASES, type TestDatabase } from '../db/databases.testkit';
import { SimulatedClock } from '../rooms/core/room-clock';
import { call, columnsPlan, connectClient, next, signUp } from '../rooms/tests/rooms.testkit';
import { startTestBackend, TEST_SECRET, type TestBackend } from '../backend.testkit';

/** The most a farmer may gain: one win between new players (K = 40 at equal ratings) is +20. */
const MOST_GAINED = 30;
const START_ELO = 1200;
/** The rooms run on a simulated clock: the test moves it on (sockets and the database keep real time). */
const GRACE_MS = 60_000;
const COUNTDOWN_MS = 3 * 5;

type Entered = { success: boolean; room: { code: string }; playerId: string; rejoinToken: string };
type Finished = { winner: number | null; reason: string; ratings?: { before: number; after: number }[]; unrated?: string };

describe.each(TEST_DATABASES)('farming a rating with a second account on %s', (_name, open) => {
  let test: TestDatabase;
  let server: TestBackend;
  let clock: SimulatedClock;
  const sockets: Socket[] = [];
  const start = async () => {
    clock = new SimulatedClock();
    server = await startTestBackend(test, { engine: await loadEngine(), games: { clock, countdownTickMs: 5, eventsPerSecond: 1000, graceMs: GRACE_MS } });
  };
  const room = (code: string) => server.backend.games!.game.room(code);
  beforeAll(async () => {
    test = await open();
    await start();
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.stop().catch(() => undefined);
    await test?.stop().catch(() => undefined);
  });

  /** An account signed up through /auth/v1, and a socket signed in with its access token. */
  async function player(name: string): Promise<{ id: string; socket: Socket }> {
    const email = `${name.toLowerCase()}-${Date.now().toString(36)}@example.com`;
    const token = await signUp(server.url, TEST_SECRET, email, name);
    const [row] = await test.db.query<{ id: string }>('select id from auth.users where email = $1', [email]);
    const socket = await connectClient(server.url, { token });
    sockets.push(socket);
    return { id: row!.id, socket };
  }

  const rating = async (id: string) => (await test.db.query<{ elo_rating: number }>('select elo_rating from public.profiles where id = $1', [id]))[0]!.elo_rating;
  const ratedGames = async (a: string, b: string) =>
    (await test.db.query('select 1 from public.game_results where (player1_id = $1 and player2_id = $2) or (player1_id = $2 and player2_id = $1)', [a, b])).length;

  /** A rated room of `host`'s that `guest` joined, its game started. */
  async function startedGame(host: Socket, guest: Socket, names: [string, string]): Promise<string> {
    const created = await call<Entered>(host, 'room:create', { username: names[0] });
    expect(created).toMatchObject({ success: true, room: { settings: { rated: true } } });
    expect(await call(guest, 'room:join', { code: created.room.code, username: names[1] })).toMatchObject({ success: true });
    await call(host, 'room:setReady', { ready: true });
    await call(guest, 'room:setReady', { ready: true });
    const started = Promise.all([next(host, 'game:started'), next(guest, 'game:started')]);
    expect(await call(host, 'game:start')).toEqual({ success: true });
    clock.advance(COUNTDOWN_MS);
    await started;
    return created.room.code;
  }

  /** `each` moves each, the host first, from the whole-game plan. */
  async function moves(host: Socket, guest: Socket, each: number): Promise<void> {
    for (const [i, move] of columnsPlan().slice(0, 2 * each).entries()) {
      expect(await call(i % 2 === 0 ? host : guest, 'game:move', move)).toMatchObject({ success: true });
    }
  }

  /** The farming script: `games` rated games in which both make `each` moves and the second account forfeits. */
  async function farm(farmer: Socket, helper: Socket, each: number, games: number): Promise<Finished[]> {
    const results: Finished[] = [];
    for (let game = 0; game < games; game++) {
      await startedGame(farmer, helper, ['Farmer', 'Helper']);
      await moves(farmer, helper, each);
      const finished = next<Finished>(farmer, 'game:finished');
      expect(await call(helper, 'game:forfeit')).toEqual({ success: true });
      results.push(await finished);
      expect(await call(farmer, 'room:leave')).toEqual({ success: true });
      expect(await call(helper, 'room:leave')).toEqual({ success: true });
    }
    return results;
  }

  it('both move once, then the second account forfeits, six games: won, never rated', async () => {
    const farmer = await player('Farmer');
    const helper = await player('Helper');
    const results = await farm(farmer.socket, helper.socket, 1, 6);
    expect(await rating(farmer.id)).toBe(START_ELO);
    expect(await rating(helper.id)).toBe(START_ELO);
    expect(await ratedGames(farmer.id, helper.id)).toBe(0);
    // Each game was won and finished, and both pages were told why it rated nobody.
    for (const result of results) expect(result).toMatchObject({ winner: 0, reason: 'forfeit', unrated: 'too-few-moves' });
    expect(results.every((r) => r.ratings === undefined)).toBe(true);
  });

  it(`${RATED_MIN_MOVES} moves each before the forfeit, as many games as it likes: one rated game a day, at most +${MOST_GAINED}`, async () => {
    const farmer = await player('Farmer');
    const helper = await player('Helper');
    const results = await farm(farmer.socket, helper.socket, RATED_MIN_MOVES, 6);
    const gained = (await rating(farmer.id)) - START_ELO;
    expect(gained).toBeLessThanOrEqual(MOST_GAINED);
    expect(gained).toBe(20);
    expect(await ratedGames(farmer.id, helper.id)).toBe(RATED_GAMES_PER_PAIR_PER_DAY);
    expect(results[0]).toMatchObject({ winner: 0, reason: 'forfeit', ratings: [{ before: START_ELO, after: START_ELO + 20 }, { before: START_ELO, after: START_ELO - 20 }] });
    for (const result of results.slice(RATED_GAMES_PER_PAIR_PER_DAY)) {
      expect(result).toMatchObject({ winner: 0, reason: 'forfeit', unrated: 'pair-limit' });
      expect(result.ratings).toBeUndefined();
    }

    // A day later (the rated game 25 hours old), the pair's next game is rated again.
    await test.db.query(`update public.game_results set created_at = now() - interval '25 hours' where player1_id = $1 or player2_id = $1`, [farmer.id]);
    const [later] = await farm(farmer.socket, helper.socket, RATED_MIN_MOVES, 1);
    expect(later!.ratings?.[0]).toMatchObject({ before: START_ELO + 20 });
    expect(later!.unrated).toBeUndefined();
  });

  it('both players away past their grace periods: aborted for both, whoever dropped first, no rating moves', async () => {
    const ann = await player('Ann');
    const ben = await player('Ben');
    const code = await startedGame(ann.socket, ben.socket, ['Ann', 'Ben']);
    await moves(ann.socket, ben.socket, RATED_MIN_MOVES);
    ann.socket.disconnect();
    await vi.waitFor(() => expect(room(code)?.members[0]?.connected).toBe(false), { timeout: 10_000, interval: 20 });
    clock.advance(10_000);
    ben.socket.disconnect();
    await vi.waitFor(() => expect(room(code)?.members[1]?.connected).toBe(false), { timeout: 10_000, interval: 20 });
    // Ann's grace period runs out with nobody there to win: the game waits for Ben's.
    clock.advance(GRACE_MS - 10_000);
    expect(room(code)?.status).toBe('playing');
    clock.advance(10_000);
    await vi.waitFor(() => expect(room(code)?.result).not.toBeNull(), { timeout: 10_000, interval: 20 });
    expect(room(code)?.result).toEqual({ winner: null, reason: 'aborted' });
    expect([await rating(ann.id), await rating(ben.id)]).toEqual([START_ELO, START_ELO]);
    expect(await ratedGames(ann.id, ben.id)).toBe(0);
  });

  it('a restart that nobody comes back from: aborted for both, not a loss for seat 0', async () => {
    const cy = await player('Cy');
    const di = await player('Di');
    const code = await startedGame(cy.socket, di.socket, ['Cy', 'Di']);
    await moves(cy.socket, di.socket, RATED_MIN_MOVES);
    await server.stop();
    await start();
    expect(room(code)?.members.map((m) => m.connected)).toEqual([false, false]);
    clock.advance(GRACE_MS);
    await vi.waitFor(() => expect(room(code)?.result).not.toBeNull(), { timeout: 10_000, interval: 20 });
    expect(room(code)?.result).toEqual({ winner: null, reason: 'aborted' });
    expect([await rating(cy.id), await rating(di.id)]).toEqual([START_ELO, START_ELO]);
    expect(await ratedGames(cy.id, di.id)).toBe(0);
  });
});
