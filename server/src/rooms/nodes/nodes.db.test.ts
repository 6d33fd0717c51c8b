/**
 * Several nodes: two real server processes on one PostgreSQL, behind Debian's nginx,
 * with each of the two adapters between nodes (PostgreSQL's LISTEN/NOTIFY, Redis streams). Two
 * players sit on different nodes and play one room's game: every move is forwarded to the room's
 * owner and every event reaches both through the adapter. Then the
 * owning node is killed with SIGKILL in the middle of the game: the surviving node takes the room
 * over from its log once the lease lapses, the player who was on the dead node comes back through
 * nginx with the rejoin token, and the game ends with the right scores and one rated result. A
 * rolling restart (SIGTERM to each node in turn, the owner first) loses nothing either: the
 * stopping node gives its leases up, the other takes the room over at once, and the players come
 * back through nginx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type RunningNginx } from '../../cluster/nginx';
import { startRedis, type RunningRedis } from '../../cluster/redis';
import { createKeys } from '../../auth/keys';
import { freePort, startPostgresCluster, type PostgresCluster } from '../../db/postgres-cluster';
import { startServerProcess, stopServerProcess, type RunningServer } from '../../server-process.testkit';
import { sessionIdPrefix } from './session-ids';
import { call, columnsPlan, connectClient, next, signUp as signUpAt } from '../tests/rooms.testkit';

const SECRET = 'the nodes test secret, long enough for HS256';
type Entered = { success: boolean; room: { code: string; status: string }; playerId: string; rejoinToken: string; gameState: { moveCount: number } | null };
type Finished = { winner: number; scores: [string, string]; reason: string; ratings?: unknown[] };
type Moved = { gameState: { moveCount: number } };

interface Player {
  token: string;
  rejoinToken: string;
  socket: Socket;
}

const sockets: Socket[] = [];

async function open(url: string, auth: Record<string, string>, before?: (socket: Socket) => void, transports?: ('websocket' | 'polling')[]): Promise<Socket> {
  const socket = await connectClient(url, auth, before, transports);
  sockets.push(socket);
  return socket;
}

/** How long a player coming back may take to be in again before the test fails (only a failing test waits this long). */
const BACK_MS = 60_000;

/**
 * Back in through the load balancer with the rejoin token in the handshake, as the page does:
 * socket.io's own reconnection tries again until nginx lets the socket through (nginx sets a node
 * that refused a connection aside for two seconds, so just after a restart every node may be set
 * aside for a moment). Once in, the socket no longer reconnects of itself (the test brings its
 * players back), and the node tells the player where they are.
 */
async function rejoin(url: string, player: Player): Promise<Entered> {
  const socket = connect(url, {
    transports: ['websocket'],
    auth: { token: player.token, rejoinToken: player.rejoinToken },
    forceNew: true,
    autoConnect: false,
    reconnection: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 1000,
  });
  sockets.push(socket);
  const rejoined = next<Entered>(socket, 'room:rejoined', BACK_MS);
  const connected = next(socket, 'connect', BACK_MS);
  socket.connect();
  try {
    await connected;
  } catch (error) {
    rejoined.catch(() => undefined); // that socket never got in: its wait is moot
    socket.disconnect();
    throw error;
  }
  socket.io.reconnection(false);
  player.socket = socket;
  return rejoined;
}

const signUp = (url: string, email: string, username: string) => signUpAt(url, SECRET, email, username);

/** One move by the player to move, seen by both players (the other one may sit on another node). */
async function move(sockets: [Socket, Socket], moves: { row: number; col: number }[], i: number): Promise<void> {
  const seen = sockets.map((socket) => next<Moved>(socket, 'game:moveMade'));
  expect(await call(sockets[i % 2]!, 'game:move', moves[i]), JSON.stringify(moves[i])).toMatchObject({ success: true });
  expect((await Promise.all(seen)).map((m) => m.gameState.moveCount)).toEqual([i + 1, i + 1]);
}

describe.each([['postgres'], ['redis']] as const)('two game nodes behind nginx on one PostgreSQL, %s adapter', (adapter) => {
  let cluster: PostgresCluster;
  let redis: RunningRedis | null = null;
  let nginx: RunningNginx;
  const nodes: Record<'a' | 'b', RunningServer | null> = { a: null, b: null };
  const ports = { a: 0, b: 0 };
  let dataDir: string;
  const env = (id: string) => ({
    DATABASE_URL: cluster.url('postgres'),
    DATA_DIR: dataDir,
    JWT_SECRET: SECRET,
    NODE_ID: id,
    SOCKET_ADAPTER: adapter,
    REDIS_URL: redis?.url ?? '',
    TRUST_PROXY: '127.0.0.1',
  });
  const startNode = async (node: 'a' | 'b') => (nodes[node] = await startServerProcess(ports[node], env(`node-${node}`)));

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    if (adapter === 'redis') redis = await startRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'cc-nodes-'));
    ports.a = await freePort();
    ports.b = await freePort();
    // One after the other: the first applies the migrations.
    await startNode('a');
    await startNode('b');
    nginx = await startNginx({ port: await freePort(), upstreams: [ports.a, ports.b], nodeIds: ['node-a', 'node-b'] });
  }, 240_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await nginx?.stop();
    for (const node of [nodes.a, nodes.b]) if (node) await stopServerProcess(node).catch(() => undefined);
    await redis?.stop();
    await cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('players on different nodes finish a rated game, even when the owning node is killed mid-game', { timeout: 300_000 }, async () => {
    const stamp = Date.now();
    const alice: Player = { token: await signUp(nginx.url, `alice-${stamp}@example.com`, 'alice'), rejoinToken: '', socket: undefined as never };
    const bob: Player = { token: await signUp(nginx.url, `bob-${stamp}@example.com`, 'bob'), rejoinToken: '', socket: undefined as never };
    // Alice on node A (which then owns her room), Bob on node B: his every command is forwarded.
    alice.socket = await open(nodes.a!.url, { token: alice.token });
    bob.socket = await open(nodes.b!.url, { token: bob.token });
    const created = await call<Entered>(alice.socket, 'room:create', { username: 'Alice' });
    const aliceSees = next<{ players: unknown[] }>(alice.socket, 'room:playerJoined');
    const joined = await call<Entered>(bob.socket, 'room:join', { code: created.room.code, username: 'Bob' });
    expect(joined).toMatchObject({ success: true, room: { code: created.room.code } });
    expect((await aliceSees).players).toHaveLength(2);
    alice.rejoinToken = created.rejoinToken;
    bob.rejoinToken = joined.rejoinToken;
    await call(alice.socket, 'room:setReady', { ready: true });
    expect(await call(bob.socket, 'room:setReady', { ready: true })).toMatchObject({ success: true });
    const started = [next(alice.socket, 'game:started'), next(bob.socket, 'game:started')];
    expect(await call(alice.socket, 'game:start')).toEqual({ success: true });
    await Promise.all(started);

    const moves = columnsPlan();
    for (let i = 0; i < 12; i++) await move([alice.socket, bob.socket], moves, i);

    const db = new pg.Client({ connectionString: cluster.url('postgres') });
    await db.connect();
    try {
      const owner = () => ownerOf(db, created.room.code);
      expect(await owner()).toBe('node-a');

      // Node A dies with the room; Bob's node takes it over once A's lease lapses.
      const killedAt = Date.now();
      await stopServerProcess(nodes.a!, 'SIGKILL');
      nodes.a = null;
      // Alice comes back at once through nginx (which skips the dead node) with her rejoin token,
      // before node A's lease has lapsed: node B holds her rejoin until it has taken the room over.
      expect(await rejoin(nginx.url, alice)).toMatchObject({ room: { status: 'playing' }, gameState: { moveCount: 12 } });
      expect(await owner()).toBe('node-b');
      console.log(`nodes.test: Alice was back in, on node-b, ${Date.now() - killedAt} ms after node-a was killed`);

      const finished = [next<Finished>(alice.socket, 'game:finished'), next<Finished>(bob.socket, 'game:finished')];
      for (let i = 12; i < moves.length; i++) await move([alice.socket, bob.socket], moves, i);
      const results = await Promise.all(finished);
      for (const result of results) expect(result).toMatchObject({ winner: 0, scores: ['216', '72'], reason: 'board-full' });
      expect(results[0]!.ratings).toHaveLength(2);
      expect(await ratedGames(db, [alice, bob])).toEqual([{ player1_score: 216, player2_score: 72 }]);
    } finally {
      await db.end();
    }
  });

  it('every node, and nginx in front of them, serves the page, /auth/v1 and /rest/v1', { timeout: 120_000 }, async () => {
    for (const node of ['a', 'b'] as const) if (!nodes[node]) await startNode(node);
    const { anonKey } = await createKeys(SECRET);
    for (const url of [nginx.url, nodes.a!.url, nodes.b!.url]) {
      const page = await fetch(`${url}/`);
      expect(page.status, url).toBe(200);
      expect(await page.text()).toContain('<title>Cell Connection</title>');
      const rows = await fetch(`${url}/rest/v1/game_results?select=player1_score&limit=1`, { headers: { apikey: anonKey } });
      expect(rows.status, url).toBe(200);
      expect(Array.isArray(await rows.json())).toBe(true);
      // Auth answers (no session: 401 with its JSON error), rather than nginx or a 404.
      const user = await fetch(`${url}/auth/v1/user`, { headers: { apikey: anonKey } });
      expect(user.status, url).toBe(401);
      expect(await user.json()).toHaveProperty('msg');
    }
  });

  it('clients on long-polling alone (no WebSocket) play through nginx: every request reaches the node of its session', { timeout: 120_000 }, async () => {
    for (const node of ['a', 'b'] as const) if (!nodes[node]) await startNode(node);
    // Round-robin would send a session's next request to the other node, which does not know it.
    const host = await open(nginx.url, {}, undefined, ['polling']);
    const guest = await open(nginx.url, {}, undefined, ['polling']);
    const prefixes = ['node-a', 'node-b'].map(sessionIdPrefix);
    for (const socket of [host, guest]) expect(prefixes.some((p) => socket.io.engine.id.startsWith(p))).toBe(true);
    const created = await call<Entered>(host, 'room:create', { username: 'Gina' });
    expect(await call(guest, 'room:join', { code: created.room.code, username: 'Hugo' })).toMatchObject({ success: true });
    await call(host, 'room:setReady', { ready: true });
    await call(guest, 'room:setReady', { ready: true });
    const started = [next(host, 'game:started'), next(guest, 'game:started')];
    expect(await call(host, 'game:start')).toEqual({ success: true });
    await Promise.all(started);
    const moves = columnsPlan();
    for (let i = 0; i < 8; i++) await move([host, guest], moves, i);
    for (const socket of [host, guest]) expect(socket.connected).toBe(true);
  });

  it("a client that follows is sent to its room's node, and joins there through nginx", { timeout: 120_000 }, async () => {
    for (const node of ['a', 'b'] as const) if (!nodes[node]) await startNode(node);
    const host = await open(nodes.a!.url, {});
    const created = await call<Entered>(host, 'room:create', { username: 'Erin' });
    // A guest that follows, on the other node: told where the room is, not joined.
    const guest = await open(nodes.b!.url, { follow: true } as never);
    expect(await call(guest, 'room:join', { code: created.room.code, username: 'Frank' })).toEqual({
      success: false,
      error: 'The room is on another server: connecting to it…',
      node: 'node-a',
    });
    guest.disconnect();
    const through = (node: string) => open(`${nginx.url}?node=${node}`, { follow: true } as never);
    // nginx sends `?node=node-b` to node B every time (round-robin would reach A, which would let the guest in).
    for (let i = 0; i < 3; i++) {
      const wrong = await through('node-b');
      expect(await call(wrong, 'room:join', { code: created.room.code, username: 'Frank' })).toMatchObject({ success: false, node: 'node-a' });
      wrong.disconnect();
    }
    // Asking for the room's node, as the page does once told: joined there.
    const moved = await through('node-a');
    expect(await call(moved, 'room:join', { code: created.room.code, username: 'Frank' })).toMatchObject({ success: true, room: { code: created.room.code } });
  });

  it('a rolling restart, one node at a time, loses no move and rates the game once', { timeout: 300_000 }, async () => {
    for (const node of ['a', 'b'] as const) if (!nodes[node]) await startNode(node);
    const stamp = Date.now();
    const carol: Player = { token: await signUp(nginx.url, `carol-${stamp}@example.com`, 'carol'), rejoinToken: '', socket: undefined as never };
    const dave: Player = { token: await signUp(nginx.url, `dave-${stamp}@example.com`, 'dave'), rejoinToken: '', socket: undefined as never };
    carol.socket = await open(nodes.a!.url, { token: carol.token });
    dave.socket = await open(nodes.a!.url, { token: dave.token });
    const created = await call<Entered>(carol.socket, 'room:create', { username: 'Carol' });
    const joined = await call<Entered>(dave.socket, 'room:join', { code: created.room.code, username: 'Dave' });
    carol.rejoinToken = created.rejoinToken;
    dave.rejoinToken = joined.rejoinToken;
    await call(carol.socket, 'room:setReady', { ready: true });
    await call(dave.socket, 'room:setReady', { ready: true });
    const started = [next(carol.socket, 'game:started'), next(dave.socket, 'game:started')];
    expect(await call(carol.socket, 'game:start')).toEqual({ success: true });
    await Promise.all(started);
    const moves = columnsPlan();
    const players: [Player, Player] = [carol, dave];

    const db = new pg.Client({ connectionString: cluster.url('postgres') });
    await db.connect();
    try {
      let played = 0;
      // The owner first, then the other: each stops with SIGTERM, and comes back before the next goes.
      for (const node of ['a', 'b'] as const) {
        for (const stop = played + 8; played < stop; played++) await move([players[0].socket, players[1].socket], moves, played);
        const other = node === 'a' ? 'node-b' : 'node-a';
        // The players on the stopping node (its session ids name it) are dropped; one on the other stays.
        const dropped = players.filter((p) => p.socket.io.engine.id.startsWith(sessionIdPrefix(`node-${node}`)));
        const restarting = dropped.map((p) => next(p.socket, 'disconnect'));
        await stopServerProcess(nodes[node]!, 'SIGTERM');
        nodes[node] = null;
        await expect.poll(() => ownerOf(db, created.room.code), { timeout: 30_000, interval: 100 }).toBe(other);
        await Promise.all(restarting);
        // They come back through nginx.
        for (const player of dropped) expect(await rejoin(nginx.url, player)).toMatchObject({ room: { status: 'playing' }, gameState: { moveCount: played } });
        await startNode(node);
      }
      const finished = next<Finished>(carol.socket, 'game:finished');
      for (; played < moves.length; played++) await move([players[0].socket, players[1].socket], moves, played);
      expect(await finished).toMatchObject({ winner: 0, scores: ['216', '72'], reason: 'board-full' });
      expect(await ratedGames(db, players)).toEqual([{ player1_score: 216, player2_score: 72 }]);
    } finally {
      await db.end();
    }
  });
});

async function ownerOf(db: pg.Client, code: string): Promise<string | undefined> {
  return (await db.query<{ owner: string }>('select owner from game_server.room_leases where code = $1', [code])).rows[0]?.owner;
}

/** The rated results between these two players (by their access tokens' user ids). */
async function ratedGames(db: pg.Client, players: [Player, Player]): Promise<{ player1_score: number; player2_score: number }[]> {
  const [first, second] = players.map((p) => (JSON.parse(Buffer.from(p.token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub);
  const rows = await db.query<{ player1_score: number; player2_score: number }>(
    'select player1_score::int, player2_score::int from public.game_results where player1_id = $1 and player2_id = $2 order by id',
    [first, second],
  );
  return rows.rows;
}
