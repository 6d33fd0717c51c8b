/**
 * Spectators on several nodes: two real server processes on one PostgreSQL with the
 * PostgreSQL adapter between them. Both players sit on node A, which owns their room, so its
 * events would not need the adapter; a spectator on node B must still get every move and the end
 * of the game, and the number watching, kept by the owner, counts the spectators of both nodes
 * and drops when one of them goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startPostgresCluster, type PostgresCluster } from '../../db/postgres-cluster';
import { startServerProcess, stopServerProcess, type RunningServer } from '../../server-process.testkit';
import { call, columnsPlan, connectClient, next } from '../tests/rooms.testkit';

const SECRET = 'the spectators test secret, long enough for HS256';
type Entered = { success: boolean; room: { code: string } };
type Watched = { success: boolean; gameState: { moveCount: number } | null; spectators: number };
type Moved = { gameState: { moveCount: number } };

let cluster: PostgresCluster;
let dataDir: string;
const nodes: RunningServer[] = [];
const sockets: Socket[] = [];

async function open(url: string): Promise<Socket> {
  const socket = await connectClient(url);
  sockets.push(socket);
  return socket;
}

/** Resolves once `socket` hears that `count` are watching. */
function watchers(socket: Socket, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`never heard ${count} watching`)), 30_000);
    const heard = (payload: { count: number }) => {
      if (payload.count !== count) return;
      clearTimeout(timer);
      socket.off('room:spectators', heard);
      resolve();
    };
    socket.on('room:spectators', heard);
  });
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  dataDir = mkdtempSync(join(tmpdir(), 'cc-spectators-'));
  // One after the other: the first applies the migrations.
  for (const id of ['node-a', 'node-b']) {
    const env = { DATABASE_URL: cluster.url('postgres'), DATA_DIR: dataDir, JWT_SECRET: SECRET, NODE_ID: id, SOCKET_ADAPTER: 'postgres' };
    nodes.push(await startServerProcess(await freePort(), env));
  }
}, 240_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const node of nodes) await stopServerProcess(node).catch(() => undefined);
  await cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('spectators on two game nodes', () => {
  it("a spectator on the node that does not own the room gets every move and the result, and is counted by the owner", { timeout: 240_000 }, async () => {
    const [a, b] = nodes as [RunningServer, RunningServer];
    const alice = await open(a.url);
    const bob = await open(a.url);
    const created = await call<Entered>(alice, 'room:create', { username: 'Alice' });
    const code = created.room.code;
    expect(await call(bob, 'room:join', { code, username: 'Bob' })).toMatchObject({ success: true });
    await call(alice, 'room:setReady', { ready: true });
    await call(bob, 'room:setReady', { ready: true });
    const started = [next(alice, 'game:started'), next(bob, 'game:started')];
    expect(await call(alice, 'game:start')).toEqual({ success: true });
    await Promise.all(started);
    const moves = columnsPlan();
    for (let i = 0; i < 4; i++) expect(await call(i % 2 ? bob : alice, 'game:move', moves[i])).toMatchObject({ success: true });

    // One spectator with the owner, one on the other node.
    const two = watchers(alice, 2);
    const here = await open(a.url);
    expect(await call<Watched>(here, 'room:watch', { code })).toMatchObject({ success: true, spectators: 1, gameState: { moveCount: 4 } });
    const there = await open(b.url);
    expect(await call<Watched>(there, 'room:watch', { code })).toMatchObject({ success: true, spectators: 2, gameState: { moveCount: 4 } });
    await two;

    const finished = next<{ winner: number; scores: [string, string] }>(there, 'game:finished');
    for (let i = 4; i < moves.length; i++) {
      const seen = [next<Moved>(there, 'game:moveMade'), next<Moved>(here, 'game:moveMade')];
      expect(await call(i % 2 ? bob : alice, 'game:move', moves[i])).toMatchObject({ success: true });
      expect((await Promise.all(seen)).map((m) => m.gameState.moveCount)).toEqual([i + 1, i + 1]);
    }
    expect(await finished).toMatchObject({ winner: 0, scores: ['216', '72'] });

    // The spectator on node B goes: the owner's count drops.
    const one = Promise.all([watchers(alice, 1), watchers(here, 1)]);
    there.disconnect();
    await one;
  });
});
