/**
 * Several nodes: two browsers through Debian's nginx in front of two game nodes on one
 * PostgreSQL. Every page load, sign-in-free lobby and socket goes through nginx (round-robin, no
 * stickiness: the client uses WebSockets). In the middle of the game the node that owns the room
 * is killed with SIGKILL; the other takes it over from the log, both pages reconnect through
 * nginx on their own and carry on to the end of the game.
 * This journey runs its own PostgreSQL, nodes and nginx, so killing a node touches no other journey.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { loadSecret } from '../server/src/auth/keys';
import { startNginx, type RunningNginx } from '../server/src/cluster/nginx';
import { freePort, startPostgresCluster, type PostgresCluster } from '../server/src/db/postgres-cluster';
import { startServerProcess, stopServerProcess, type RunningServer } from '../server/src/server-process.testkit';
import { readBoard } from './support/board';
import { closeBoth, createRoom, expectBothBack, expectGameOverOnBoth, openLobby, openPlayer, playOnlineMoves, startOnlineGame, type Player } from './support/multiplayer';

const CELLS = 36;
const KILL_AFTER = 10;

test('two browsers through nginx on two nodes: the owning node is killed mid-game and the game ends on the other', async ({ browser }) => {
  test.setTimeout(300_000);
  let postgres: PostgresCluster | null = null;
  let nginx: RunningNginx | null = null;
  const nodes = new Map<string, RunningServer>();
  let alice: Player | null = null;
  let bob: Player | null = null;
  const db = { client: null as pg.Client | null };
  try {
    postgres = await startPostgresCluster();
    const env = (id: string) => ({ DATABASE_URL: postgres!.url('postgres'), JWT_SECRET: loadSecret(), NODE_ID: id, SOCKET_ADAPTER: 'postgres', TRUST_PROXY: '127.0.0.1' });
    const ports: number[] = [];
    // One after the other: the first applies the migrations.
    for (const id of ['node-a', 'node-b']) {
      const port = await freePort();
      nodes.set(id, await startServerProcess(port, env(id)));
      ports.push(port);
    }
    nginx = await startNginx({ port: await freePort(), upstreams: ports, nodeIds: ['node-a', 'node-b'] });

    alice = await openPlayer(browser, 'Alice', nginx.url);
    bob = await openPlayer(browser, 'Bob', nginx.url);
    await openLobby(alice);
    const code = await createRoom(alice);
    await openLobby(bob);
    await startOnlineGame(alice, bob, code);

    db.client = new pg.Client({ connectionString: postgres.url('postgres') });
    await db.client.connect();
    const owner = async () => (await db.client!.query<{ owner: string }>('select owner from game_server.room_leases where code = $1', [code])).rows[0]?.owner;

    await playOnlineMoves(alice, bob, KILL_AFTER);
    const board = await readBoard(alice.page);
    const owning = (await owner())!;
    const survivor = owning === 'node-a' ? 'node-b' : 'node-a';
    await stopServerProcess(nodes.get(owning)!, 'SIGKILL');
    nodes.delete(owning);
    await expect.poll(owner, { timeout: 60_000 }).toBe(survivor);
    // No reload: each page gets back in by itself, through nginx, to the same board.
    await expectBothBack([alice, bob], board);

    await playOnlineMoves(alice, bob, CELLS - KILL_AFTER);
    await expectGameOverOnBoth(alice, bob);
  } finally {
    if (alice && bob) await closeBoth(alice, bob);
    await db.client?.end().catch(() => undefined);
    await nginx?.stop().catch(() => undefined);
    for (const node of nodes.values()) await stopServerProcess(node).catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
  }
});
