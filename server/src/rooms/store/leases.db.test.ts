/**
 * Room leases and the fence on the log, on PGlite and PostgreSQL: a room has one owner
 * at a time, a lapsed lease is taken over once, and a node that lost a room cannot write to it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../db/databases.testkit';
import { TEST_DATABASES } from '../../db/databases.testkit';
import { LeaseLost, PostgresJournal } from './journal';
import { PostgresLeases } from './leases';
import { call, startHarness } from '../tests/rooms.testkit';

const TIMING = { ttlMs: 60_000, renewEveryMs: 1000 };

describe.each(TEST_DATABASES)('room leases on %s', (_, open) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
  }, 120_000);
  afterEach(() => test?.stop());

  /** Makes every lease of the room lapse, as if its owner had stopped renewing it long ago. */
  const lapse = (roomId: string) => test.db.query(`update game_server.room_leases set expires_at = now() - interval '1 minute' where room_id = $1`, [roomId]);

  it('a room code is held by one open room across nodes', async () => {
    const a = new PostgresLeases(test.db, 'node-a', TIMING);
    const b = new PostgresLeases(test.db, 'node-b', TIMING);
    expect(await a.claimNew('room-1', 'ABCDEF')).toEqual({ roomId: 'room-1', fence: 1, code: 'ABCDEF' });
    expect(await b.claimNew('room-2', 'ABCDEF')).toBeNull();
    expect(await b.ownerOf({ code: 'ABCDEF' })).toEqual({ roomId: 'room-1', owner: 'node-a', expired: false });
  });

  it('a lapsed lease is taken over once, with a higher fence; its old owner no longer renews it', async () => {
    const a = new PostgresLeases(test.db, 'node-a', TIMING);
    const b = new PostgresLeases(test.db, 'node-b', TIMING);
    const c = new PostgresLeases(test.db, 'node-c', TIMING);
    await a.claimNew('room-1', 'ABCDEF');
    expect(await b.claimExpired(10)).toEqual([]);
    const lapsedAt = Date.now();
    await lapse('room-1');
    expect(await b.owners()).toEqual(['node-a']);
    const [takenByB, takenByC] = await Promise.all([b.claimExpired(10), c.claimExpired(10)]);
    expect([...takenByB, ...takenByC]).toEqual([{ roomId: 'room-1', fence: 2, code: 'ABCDEF', aliveAt: expect.any(Number) }]);
    // Its old owner was last known alive a lease's length before it expired (a minute before the lapse).
    const aliveAt = [...takenByB, ...takenByC][0]!.aliveAt!;
    expect(Math.abs(aliveAt - (lapsedAt - 60_000 - TIMING.ttlMs))).toBeLessThan(10_000);
    expect(await a.renew()).toEqual(new Set());
  });

  it("a node that lost a room's lease cannot write its log: LeaseLost, and nothing of it is written", async () => {
    const a = new PostgresLeases(test.db, 'node-a', TIMING);
    const b = new PostgresLeases(test.db, 'node-b', TIMING);
    const journalA = new PostgresJournal(test.db);
    const journalB = new PostgresJournal(test.db);
    const lease = (await a.claimNew('room-1', 'ABCDEF'))!;
    const at = Date.now();
    await journalA.append({ roomId: 'room-1', seq: 1, fence: lease.fence, command: { type: 'tick' }, at });
    await lapse('room-1');
    const [taken] = await b.claimExpired(10);
    // Node A, stalled through the takeover, wakes up and writes: refused.
    await expect(journalA.append({ roomId: 'room-1', seq: 2, fence: lease.fence, command: { type: 'restarted' }, at })).rejects.toBeInstanceOf(LeaseLost);
    await journalB.append({ roomId: 'room-1', seq: 2, fence: taken!.fence, command: { type: 'tick' }, at });
    const [stored] = await journalB.load(['room-1']);
    expect(stored!.entries.map((e) => [e.seq, e.command.type])).toEqual([
      [1, 'tick'],
      [2, 'tick'],
    ]);
  });

  it('in one commit, only the entry of the lost room is refused: the other rooms\' entries are written', async () => {
    const a = new PostgresLeases(test.db, 'node-a', TIMING);
    const b = new PostgresLeases(test.db, 'node-b', TIMING);
    const journalA = new PostgresJournal(test.db);
    const lost = (await a.claimNew('room-lost', 'LOST01'))!;
    const kept = (await a.claimNew('room-kept', 'KEPT01'))!;
    await lapse('room-lost');
    await b.claimExpired(10);
    const at = Date.now();
    // Appended in one turn of the event loop: one statement writes both.
    const [lostWrite, keptWrite] = await Promise.allSettled([
      journalA.append({ roomId: 'room-lost', seq: 1, fence: lost.fence, command: { type: 'tick' }, at }),
      journalA.append({ roomId: 'room-kept', seq: 1, fence: kept.fence, command: { type: 'tick' }, at }),
    ]);
    expect(lostWrite.status === 'rejected' && lostWrite.reason).toBeInstanceOf(LeaseLost);
    expect(keptWrite.status).toBe('fulfilled');
    const stored = await journalA.load(['room-lost', 'room-kept']);
    expect(stored.map((r) => [r.roomId, r.entries.length])).toEqual([['room-kept', 1]]);
  });

  it("at start-up a node takes back its own leases at once, and expired ones, but not another live node's", async () => {
    const a = new PostgresLeases(test.db, 'node-a', TIMING);
    const b = new PostgresLeases(test.db, 'node-b', TIMING);
    await a.claimNew('room-a', 'AAAAAA');
    await b.claimNew('room-b', 'BBBBBB');
    await b.claimNew('room-lapsed', 'CCCCCC');
    await lapse('room-lapsed');
    const restarted = new PostgresLeases(test.db, 'node-a', TIMING);
    const claimed = await restarted.claimAtStartup(false);
    expect(claimed.map((l) => [l.roomId, l.fence]).sort()).toEqual([
      ['room-a', 2],
      ['room-lapsed', 2],
    ]);
  });
});

describe.each(TEST_DATABASES)('a node renewing its leases while rooms are created, on %s', (_, open) => {
  it('keeps every new room: one created during a renewal is not taken for lost', { timeout: 120_000 }, async () => {
    // Renewals back to back, so that room creations land in the middle of one.
    const test = await open();
    const h = await startHarness({ leaseTiming: { ttlMs: 3000, renewEveryMs: 2 }, eventsPerSecond: 1000 }, test);
    try {
      for (let i = 0; i < 25; i++) {
        const [host, guest] = [await h.client(), await h.client()];
        const created = await call<{ success: boolean; room: { code: string } }>(host, 'room:create', { username: 'Host' });
        expect(created).toMatchObject({ success: true });
        expect(await call(guest, 'room:join', { code: created.room.code, username: 'Guest' })).toMatchObject({ success: true });
      }
      expect(h.games.game.roomCount).toBe(25);
    } finally {
      await h.close();
      await test.stop();
    }
  });
});
