// The rooms' log on a real database: a second game server on the same database
// rebuilds a room from its snapshot and the commands after it; a finished room's log is pruned
// when the room expires; rejoin tokens are stored only as hashes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pgliteForTests, type TestDatabase } from '../../db/databases.testkit';
import { hashToken } from '../nodes/new-rooms';
import { call, gameOf, next, startHarness } from './rooms.testkit';


let shared: TestDatabase;
beforeAll(async () => {
  shared = await pgliteForTests();
});
afterAll(() => shared.stop());

describe('the rooms log', () => {
  it('rebuilds a room from its snapshot and the commands after it, with the same board', async () => {
    const first = await startHarness({ snapshotEvery: 5, eventsPerSecond: 1000 }, { ...shared, stop: async () => undefined });
    const { host, guest, code, created } = await gameOf(first);
    // Bob's sixth cell is not (5, 5): that would turn Alice's diagonal half a turn ("No mirroring").
    const moves = [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [5, 4], [0, 1], [1, 0]];
    for (const [i, [row, col]] of moves.entries()) expect(await call(i % 2 ? guest : host, 'game:move', { row, col })).toMatchObject({ success: true });
    const before = first.games.game.room(code)!;
    await first.close();

    const logged = await shared.db.query<{ n: number }>('select count(*)::int as n from game_server.room_log where room_id = $1', [before.id]);
    const snapshot = await shared.db.query<{ seq: number; state: string }>('select seq, state::text as state from game_server.room_snapshots where room_id = $1', [before.id]);
    expect(snapshot).toHaveLength(1);
    expect(logged[0]!.n).toBeLessThan(5);
    // The rejoin tokens are in the log only as hashes.
    const everything = JSON.stringify(await shared.db.query('select command from game_server.room_log')) + snapshot[0]!.state;
    expect(everything).not.toContain(created.rejoinToken);
    expect(everything).toContain(hashToken(created.rejoinToken));

    const second = await startHarness({ snapshotEvery: 5, eventsPerSecond: 1000 }, { ...shared, stop: async () => undefined });
    try {
      const after = second.games.game.room(code)!;
      expect(after.moves).toEqual(before.moves);
      expect(after.game?.scores).toEqual(before.game?.scores);
      expect(after.members.map((m) => m.connected)).toEqual([false, false]);
      let rejoined: Promise<unknown> | undefined;
      await second.client({ rejoinToken: created.rejoinToken }, (s) => (rejoined = next(s, 'room:rejoined')));
      expect(await rejoined).toMatchObject({ success: true, playerId: created.playerId, gameState: { moveCount: 8 } });
    } finally {
      await second.close();
    }
  });

  it('prunes a finished room when it expires', async () => {
    const h = await startHarness({ finishedTtlMs: 50, eventsPerSecond: 1000 }, { ...shared, stop: async () => undefined });
    try {
      const { host, guest, code } = await gameOf(h);
      const id = h.games.game.room(code)!.id;
      await call(host, 'game:move', { row: 0, col: 0 });
      await call(guest, 'game:move', { row: 1, col: 1 });
      const finished = next(host, 'game:finished');
      await call(guest, 'game:forfeit', {});
      await finished;
      await vi.waitFor(() => expect(h.games.game.room(code)).toBeUndefined(), { timeout: 10_000, interval: 20 });
      await vi.waitFor(async () => expect(await shared.db.query('select 1 from game_server.room_log where room_id = $1', [id])).toEqual([]), { timeout: 10_000, interval: 20 });
    } finally {
      await h.close();
    }
  });
});
