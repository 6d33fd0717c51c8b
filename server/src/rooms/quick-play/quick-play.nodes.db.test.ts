// Quick play on several nodes: two game nodes in this process share one
// PostgreSQL (the pool's table, the room leases) and socket.io's PostgreSQL adapter. Two players
// connected to different nodes are paired, and both play the room's game from their own node; a
// node that dies leaves entries nobody renews, and nobody is paired with them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../../../src/engine/load';
import { createKeys } from '../../auth/keys';
import { postgresForTests, type TestDatabase } from '../../db/databases.testkit';
import { createNodeAdapter } from '../nodes/adapter';
import { attachGameServer, type AttachedGameServer } from '../index';
import { call, connectClient, next, SECRET } from '../tests/rooms.testkit';

type Paired = { code: string; rejoinToken: string };

let test: TestDatabase;
const nodes: { games: AttachedGameServer; url: string }[] = [];
const sockets: Socket[] = [];

async function startNode(nodeId: string): Promise<{ games: AttachedGameServer; url: string }> {
  const http = createServer((_req, res) => res.writeHead(404).end());
  const adapter = await createNodeAdapter('postgres', { db: test.db });
  const games = attachGameServer(http, { engine: await loadEngine(), db: test.db, keys: await createKeys(SECRET), nodeId, adapter, countdownTickMs: 5 });
  await games.restore();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const node = { games, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
  nodes.push(node);
  return node;
}

async function client(url: string): Promise<Socket> {
  const socket = await connectClient(url);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  test = await postgresForTests();
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const node of nodes) await node.games.close();
  await test?.stop();
});

describe('quick play across two nodes on one PostgreSQL', () => {
  it('pairs players connected to different nodes; the game starts for both', async () => {
    const a = await startNode('node-a');
    const b = await startNode('node-b');
    const alice = await client(a.url);
    const bob = await client(b.url);
    const paired = [next<Paired>(alice, 'pool:paired'), next<Paired>(bob, 'pool:paired')];
    expect(await call(alice, 'pool:join', { username: 'Alice', boardSize: 6, timeControl: '1+1' })).toEqual({ success: true, rated: false });
    expect(await call(bob, 'pool:join', { username: 'Bob', boardSize: 6, timeControl: '1+1' })).toEqual({ success: true, rated: false });
    const [forAlice, forBob] = await Promise.all(paired);
    expect(forAlice!.code).toBe(forBob!.code);
    // Each comes in on the node it is connected to; the room is the pairing node's (Bob's).
    const started = [next(alice, 'game:started'), next(bob, 'game:started')];
    expect(await call(alice, 'room:rejoin', { rejoinToken: forAlice!.rejoinToken })).toMatchObject({ success: true, room: { code: forAlice!.code } });
    expect(await call(bob, 'room:rejoin', { rejoinToken: forBob!.rejoinToken })).toMatchObject({ success: true, room: { code: forAlice!.code } });
    await Promise.all(started);
    expect(b.games.game.room(forAlice!.code)?.status).toBe('playing');
  });

  it("never pairs anyone with the entry of a node that died: nobody renews it, and it lapses", async () => {
    const [a] = nodes;
    const ghostly = await client(a!.url);
    await call(ghostly, 'pool:join', { username: 'Ghost', boardSize: 10, timeControl: '10+5' });
    // As if its node had died long ago: an entry of a node that renews nothing, and has lapsed.
    await test.db.query(`update game_server.quick_play_pool set node = 'node-dead', expires_at = now() - interval '1 minute' where username = 'Ghost'`);
    const carol = await client(a!.url);
    expect(await call(carol, 'pool:join', { username: 'Carol', boardSize: 10, timeControl: '10+5' })).toEqual({ success: true, rated: false });
    expect(await test.db.query(`select username from game_server.quick_play_pool where board_size = 10`)).toEqual([{ username: 'Carol' }]);
  });
});
