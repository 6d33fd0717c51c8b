/**
 * Open games with several nodes, on PGlite and PostgreSQL: two nodes share one
 * database; a public room owned by node A is listed in node B's lobby. When node A stops renewing
 * its leases (it died), the room leaves B's list with its lease; B takes the room over, and once
 * the host is back (on B, with the rejoin token) B lists it again. The store itself: the newest
 * 50 only, and only its owner writes a room's listing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestDatabase } from '../../db/databases.testkit';
import { TEST_DATABASES } from '../../db/databases.testkit';
import { PostgresLeases } from '../store/leases';
import { listed, unlisted, watchLobby } from './open-games.testkit';
import { PostgresOpenGames, type Listing } from './open-games';
import { call, next, startHarness, type Harness } from '../tests/rooms.testkit';

type Entered = { success: boolean; room: { code: string }; rejoinToken: string };

const listing = (code: string, host = 'Ann'): Listing => ({
  game: { code, host, boardSize: 6, scoringMechanism: 'connection', rated: true, timeControl: 'untimed' },
  hostUserId: null,
});

describe.each(TEST_DATABASES)('open games on %s', (_, open) => {
  let test: TestDatabase;
  const harnesses: Harness[] = [];
  beforeEach(async () => {
    test = await open();
  }, 120_000);
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.close();
    await test?.stop();
  });

  it('a room owned by node A is listed on node B; it leaves with A’s lease and B lists it again once the host is back', async () => {
    // Node A never renews its leases in this test: it is the node that will stop (its leases are lapsed below).
    const a = await startHarness({ nodeId: 'node-a', lobbyRefreshMs: 100, leaseTiming: { ttlMs: 60_000, renewEveryMs: 600_000 } }, test);
    harnesses.push(a);
    const b = await startHarness({ nodeId: 'node-b', lobbyRefreshMs: 100, leaseTiming: { ttlMs: 60_000, renewEveryMs: 100 } }, test);
    harnesses.push(b);
    const watcher = await watchLobby(await b.client());
    const host = await a.client();
    const created = await call<Entered>(host, 'room:create', { username: 'Alice' });
    const code = created.room.code;
    expect(await call(host, 'room:updateSettings', { visibility: 'public', boardSize: 10 })).toMatchObject({ success: true });
    const games = await watcher.until(listed(code), 'node A’s public room');
    expect(games.find((g) => g.code === code)).toMatchObject({ host: 'Alice', boardSize: 10 });

    // Node A dies: its leases lapse. The room leaves the list at once, before anyone takes it over.
    await test.db.query(`update game_server.room_leases set expires_at = now() - interval '1 minute' where owner = 'node-a'`);
    await watcher.until(unlisted(code), 'the room of the dead node gone');
    // Node B takes the room over (everyone away); the host comes back there, and B lists it again.
    // (Waiting for the takeover first: on a busy machine it can outlast a rejoin's search.)
    await vi.waitFor(() => expect(b.games.game.room(code)).toBeDefined(), { timeout: 30_000, interval: 50 });
    let back: Promise<Entered> | undefined;
    await b.client({ rejoinToken: created.rejoinToken }, (socket) => (back = next<Entered>(socket, 'room:rejoined')));
    expect(await back).toMatchObject({ room: { code } });
    await watcher.until(listed(code), 'the room listed again by its new owner');
  });

  it('reads the newest 50 open games of live leases; only a room’s owner writes its listing', async () => {
    const a = new PostgresLeases(test.db, 'node-a');
    const b = new PostgresLeases(test.db, 'node-b');
    const onA = new PostgresOpenGames(test.db, 'node-a');
    const onB = new PostgresOpenGames(test.db, 'node-b');
    const codes = Array.from({ length: 55 }, (_, i) => `R${String(i).padStart(5, '0')}`);
    for (const [i, code] of codes.entries()) {
      await a.claimNew(`room-${i}`, code);
      await onA.write(`room-${i}`, listing(code));
      // Listed a second apart, long ago (a room listed anew now is newer than all of them).
      await test.db.query(`update game_server.room_leases set listed_at = timestamptz '2026-01-01 00:00:00Z' + $2::int * interval '1 second' where room_id = $1`, [`room-${i}`, i]);
    }
    // However long those 55 claims took on a busy machine, every lease is alive until the takeover below.
    await test.db.query(`update game_server.room_leases set expires_at = now() + interval '1 hour'`);
    const newest = await onB.read(50);
    expect(newest).toHaveLength(50);
    expect(newest[0]).toEqual({ ...listing(codes[54]!).game, hostRating: null });
    expect(newest.map((g) => g.code)).not.toContain(codes[4]);

    // Node B does not own room-54: its write changes nothing.
    await onB.write('room-54', null);
    expect((await onB.read(1))[0]?.code).toBe(codes[54]);
    await onA.write('room-54', null);
    expect((await onB.read(1))[0]?.code).toBe(codes[53]);

    // A takeover clears the listing: the new owner writes it again when the room is open.
    await test.db.query(`update game_server.room_leases set expires_at = now() - interval '1 minute' where room_id = 'room-53'`);
    expect((await onB.read(1))[0]?.code).toBe(codes[52]);
    expect((await b.claimExpired(10)).map((l) => l.roomId)).toEqual(['room-53']);
    expect((await onB.read(1))[0]?.code).toBe(codes[52]);
    await onB.write('room-53', listing(codes[53]!, 'Bea'));
    expect((await onA.read(1))[0]).toMatchObject({ code: codes[53], host: 'Bea' });
  });
});
