/**
 * "No mirroring" online, over two real sockets on loopback and a real database (PGlite): in a
 * room (rated, so the rule is on) the second player's move that copies the first player's cells
 * by a turn or flip of the board is refused with the rule's words, nothing of it is stored or
 * sent, and the turn stays theirs; another cell is then placed. A room whose host turned the rule
 * off accepts the copy. A room rebuilt from its log after a restart keeps its rule, and a rated
 * result records it in game_results.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIRRORING_REFUSED } from '../../../../src/game/mirrorRule';
import { pgliteForTests, type TestDatabase } from '../../db/databases.testkit';
import { GAME_START, loadConfig, move, startedGame } from '../core/reducer.testkit';
import { recordRatedGame } from '../store/rated-results';
import { call, gameOf, next, record, startHarness, type Harness } from './rooms.testkit';


let shared: TestDatabase;
const keep = () => ({ ...shared, stop: async () => undefined });
beforeAll(async () => {
  shared = await pgliteForTests();
}, 60_000);
afterAll(() => shared?.stop());

/** Alice's first cell, top left, and its image under the half turn, bottom right (6×6). */
const FIRST = { row: 0, col: 0 };
const HALF_TURN = { row: 5, col: 5 };

describe('no mirroring in an online room', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ eventsPerSecond: 1000 }, keep());
  }, 60_000);
  afterAll(() => h?.close());

  it('is on in a new room and refuses the copy with its words; the turn stays and another cell is placed', async () => {
    const { host, guest, code, created } = await gameOf(h);
    expect(created.room.settings.mirrorRule).toBe(true);
    expect(await call(host, 'game:move', FIRST)).toMatchObject({ success: true });
    const heard = record(host, 'game:moveMade');

    for (const image of [HALF_TURN, { row: 0, col: 5 }, { row: 5, col: 0 }]) {
      expect(await call(guest, 'game:move', image)).toEqual({ success: false, error: MIRRORING_REFUSED });
    }
    const room = h.games.game.room(code)!;
    expect(room.moves).toHaveLength(1);
    expect(room.game?.currentPlayer).toBe(1);

    const placed = await call<{ success: boolean; gameState: { moveCount: number; currentPlayer: number } }>(guest, 'game:move', { row: 0, col: 1 });
    expect(placed).toMatchObject({ success: true, gameState: { moveCount: 2, currentPlayer: 0 } });
    // The only move Alice heard of is the one that was placed.
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toMatchObject({ move: { row: 0, col: 1, player: 1 } });
  });

  it('accepts the copy in a room whose host turned it off', async () => {
    const { host, guest, code } = await gameOf(h, { mirrorRule: false });
    expect(await call(host, 'game:move', FIRST)).toMatchObject({ success: true });
    expect(await call(guest, 'game:move', HALF_TURN)).toMatchObject({ success: true, gameState: { moveCount: 2 } });
    expect(h.games.game.room(code)!.settings.mirrorRule).toBe(false);
  });

  it('refuses a setting that is not true or false, naming it', async () => {
    const host = await h.client();
    await call(host, 'room:create', { username: 'Carol' });
    expect(await call(host, 'room:updateSettings', { mirrorRule: 'off' })).toEqual({ success: false, error: 'mirrorRule must be true or false, got "off"' });
  });
});

describe('no mirroring after a restart', () => {
  it('is kept by a room rebuilt from its log: the copy is still refused', async () => {
    const first = await startHarness({ eventsPerSecond: 1000 }, keep());
    const { host, code, joined } = await gameOf(first);
    expect(await call(host, 'game:move', FIRST)).toMatchObject({ success: true });
    await first.close();

    const second = await startHarness({ eventsPerSecond: 1000 }, keep());
    try {
      expect(second.games.game.room(code)!.settings.mirrorRule).toBe(true);
      let rejoined: Promise<unknown> | undefined;
      const guest: Socket = await second.client({ rejoinToken: joined.rejoinToken }, (s) => (rejoined = next(s, 'room:rejoined')));
      expect(await rejoined).toMatchObject({ room: { settings: { mirrorRule: true } }, gameState: { moveCount: 1, currentPlayer: 1 } });
      expect(await call(guest, 'game:move', HALF_TURN)).toEqual({ success: false, error: MIRRORING_REFUSED });
      expect(await call(guest, 'game:move', { row: 1, col: 1 })).toMatchObject({ success: true });
    } finally {
      await second.close();
    }
  });
});

describe('a room logged before the rule', () => {
  it('replays without it: its create command has no mirrorRule, so a copy it accepted stays legal', async () => {
    await loadConfig();
    const s = startedGame(); // 'create' as logged before the rule: no mirrorRule
    expect(s.state.settings.mirrorRule).toBe(false);
    expect(s.run(move('a', 0, 0), GAME_START + 1000).reply).toMatchObject({ success: true });
    expect(s.run(move('b', 5, 5), GAME_START + 2000).reply).toMatchObject({ success: true });
  });
});

describe('no mirroring in game_results', () => {
  it('records whether a rated game was played under the rule', async () => {
    const addUser = async (email: string) =>
      (await shared.db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', '{}') returning id`, [email]))[0]!.id;
    const players = [await addUser('ann@example.com'), await addUser('ben@example.com'), await addUser('cat@example.com')];
    const game = { scores: [9n, 4n] as const, winner: 0 as const, scoringMechanism: 'connection', boardSize: 6 };
    const under = await recordRatedGame(shared.db, { ...game, player1Id: players[0]!, player2Id: players[1]!, mirrorRule: true });
    const without = await recordRatedGame(shared.db, { ...game, player1Id: players[0]!, player2Id: players[2]! });
    const rows = await shared.db.query<{ id: number; mirror_rule: boolean }>('select id::int as id, mirror_rule from public.game_results where player1_id = $1 order by id', [players[0]]);
    expect(rows).toEqual([
      { id: (under as { resultId: number }).resultId, mirror_rule: true },
      { id: (without as { resultId: number }).resultId, mirror_rule: false },
    ]);
  });
});
