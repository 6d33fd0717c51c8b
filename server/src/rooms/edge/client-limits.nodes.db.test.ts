// Limits per client address shared by the nodes: two game nodes in this process share one
// PostgreSQL (and socket.io's PostgreSQL adapter). An address's connections count on both nodes
// together, and stop counting when a node stops or dies; room-code misses on one node count on the
// other; public rooms count across nodes; a quick-play player who never came, paired by one node,
// is kept out of the pool on the other.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_ERRORS } from '../../../../src/protocol';
import { postgresForTests, type TestDatabase } from '../../db/databases.testkit';
import { createNodeAdapter } from '../nodes/adapter';
import { SimulatedClock } from '../core/room-clock';
import { startNode, type TestNode } from './client-limits.testkit';
import { ARRIVAL_MS } from '../quick-play/pairing';
import { call, next } from '../tests/rooms.testkit';

type Ack = { success: boolean; error?: string; room?: { code: string } };
type Paired = { code: string; rejoinToken: string };

const LIMITS = { socketsPerAddress: 5, codeMissesPerMinute: 3, publicRoomsPerAddress: 3 };
const ATTACKER = '203.0.113.99';

let test: TestDatabase;
let a: TestNode;
let b: TestNode;
const clock = new SimulatedClock(Date.parse('2026-11-28T10:00:00Z'));

const nodes: TestNode[] = [];
const start = async (nodeId: string) => {
  const node = await startNode(test.db, { nodeId, limits: LIMITS, clock }, await createNodeAdapter('postgres', { db: test.db }));
  nodes.push(node);
  return node;
};
/** Both nodes share their counts now and learn each other's (each does every second by itself). */
const share = async () => {
  await a.games.limits.sockets.share();
  await b.games.limits.sockets.share();
  await a.games.limits.sockets.share();
};

beforeAll(async () => {
  test = await postgresForTests();
  a = await start('node-a');
  b = await start('node-b');
}, 120_000);

afterAll(async () => {
  for (const node of nodes) await node.close();
  await test?.stop();
});

describe('limits per client address on two nodes sharing one PostgreSQL', () => {
  it("counts an address's connections on both nodes together, and no longer those of a node that stopped or died", async () => {
    const onA: Socket[] = [];
    for (let i = 0; i < 3; i++) onA.push(await a.client(ATTACKER));
    await share();
    await b.client(ATTACKER);
    await b.client(ATTACKER);
    await share();
    expect(await b.refused(ATTACKER)).toBe(LIMIT_ERRORS.tooManyConnections);
    expect(await a.refused(ATTACKER)).toBe(LIMIT_ERRORS.tooManyConnections);
    expect((await b.client('198.51.100.1')).connected).toBe(true);

    // Node A dies: it renews nothing any more, and once its rows are older than a lease's life,
    // B no longer counts them.
    a.games.limits.close();
    await a.games.limits.sockets.share(); // one that may have been under way
    await test.db.query(`update game_server.address_sockets set renewed_at = now() - interval '1 minute' where node_id = 'node-a'`);
    await b.games.limits.sockets.share();
    await b.client(ATTACKER);
    for (const socket of onA) socket.disconnect();
    await expect.poll(() => a.games.limits.sockets.here(ATTACKER), { timeout: 10_000 }).toBe(0);
    a.games.limits.sockets.start(1000);
  });

  it('a node that stops takes its counts away before its clients come to the other', async () => {
    const address = '203.0.113.101';
    const c = await start('node-c');
    for (let i = 0; i < 4; i++) await c.client(address);
    await c.games.limits.sockets.share();
    await b.games.limits.sockets.share();
    await b.client(address);
    expect(await b.refused(address)).toBe(LIMIT_ERRORS.tooManyConnections);
    // C stops: its rows go at once, not a lease's life later, so B's next reading no longer has them.
    await c.close();
    const rowsOfC = async () => (await test.db.query(`select 1 from game_server.address_sockets where node_id = 'node-c'`)).length;
    await expect.poll(rowsOfC, { timeout: 10_000 }).toBe(0);
    await b.games.limits.sockets.share();
    for (let i = 0; i < 4; i++) await b.client(address);
  });

  it('room-code misses on one node count on the other', async () => {
    const guesser = await a.client('203.0.113.110');
    for (let i = 0; i < LIMITS.codeMissesPerMinute; i++) {
      expect(await call<Ack>(guesser, 'room:join', { code: `ZZZZZ${i + 2}`, username: 'Guess' })).toEqual({ success: false, error: 'Room not found' });
    }
    const elsewhere = await b.client('203.0.113.110');
    expect((await call<Ack>(elsewhere, 'room:watch', { code: 'ZZZZZ9' })).error).toMatch(/^Too many requests: try again in \d+ s$/);
    expect((await call<Ack>(elsewhere, 'room:join', { code: 'ZZZZZ8', username: 'Guess' })).error).toMatch(/^Too many requests/);
  });

  it('public rooms of one address count across nodes', async () => {
    const address = '203.0.113.120';
    const hosts = [await a.client(address), await a.client(address), await b.client(address), await b.client(address)];
    const answers: Ack[] = [];
    for (const host of hosts) {
      await call<Ack>(host, 'room:create', { username: 'Lister' });
      answers.push(await call<Ack>(host, 'room:updateSettings', { visibility: 'public' }));
    }
    expect(answers.map((x) => x.success)).toEqual([true, true, true, false]);
    expect(answers[3]!.error).toBe(LIMIT_ERRORS.publicRoomsPerAddress(3));
  });

  it('a quick-play player who never came, paired on one node, is kept out of the pool on the other', async () => {
    const settings = { boardSize: 10, timeControl: '3+2' } as const;
    const alice = await a.client('198.51.100.130');
    const ghost = await b.client('203.0.113.130');
    expect(await call<Ack>(alice, 'pool:join', { username: 'Alice', ...settings })).toMatchObject({ success: true });
    const paired = [next<Paired>(alice, 'pool:paired'), next<Paired>(ghost, 'pool:paired')];
    expect(await call<Ack>(ghost, 'pool:join', { username: 'Ghost', ...settings })).toMatchObject({ success: true });
    const [forAlice] = await Promise.all(paired);
    // The ghost's arrival paired them: node B owns the room; Alice comes in from node A.
    expect(await call<Ack>(alice, 'room:rejoin', { rejoinToken: forAlice!.rejoinToken })).toMatchObject({ success: true });
    const left = next(alice, 'room:playerLeft');
    clock.advance(ARRIVAL_MS);
    await b.games.game.quickPlay.sweep();
    await left;
    expect(await call<Ack>(ghost, 'pool:join', { username: 'Ghost', ...settings })).toEqual({ success: false, error: LIMIT_ERRORS.noShow(120_000) });
    const ghostOnA = await a.client('203.0.113.130');
    // Its address has one no-show: another of its tabs may play, on either node.
    expect(await call<Ack>(ghostOnA, 'pool:join', { username: 'Ghost', ...settings })).toMatchObject({ success: true });
  });
});
