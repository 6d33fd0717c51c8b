/**
 * Chaos: the real server in a process of its own is killed with SIGKILL during a
 * rated game's countdown, in the middle of the game, and with an undo request pending; each
 * time it is started again on the same data, real socket.io clients get back in with their
 * rejoin tokens, and the game goes on to the end with the right scores and exactly one rated
 * result. On the embedded database (PostgreSQL in DATA_DIR) and on PostgreSQL (DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeys } from '../../auth/keys';
import { freePort, startPostgresCluster, type PostgresCluster } from '../../db/postgres-cluster';
import { startServerProcess, stopServerProcess, type RunningServer } from '../../server-process.testkit';
import { call, columnsPlan, connectClient, next, signUp } from './rooms.testkit';

const SECRET = 'the chaos test secret, long enough for HS256';
type Entered = { success: boolean; room: { code: string; status: string; pendingUndo: { requestId: string } | null }; playerId: string; rejoinToken: string; gameState: { moveCount: number } | null };
type Finished = { winner: number; scores: [string, string]; reason: string; ratings?: { before: number; after: number }[] };

/** One player: an account, its access token, and its socket of the moment. */
interface Player {
  token: string;
  rejoinToken: string;
  socket: Socket;
}

class Chaos {
  private server: RunningServer | null = null;
  private readonly sockets: Socket[] = [];
  readonly port: Promise<number> = freePort();

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<string> {
    this.server = await startServerProcess(await this.port, { ...this.env, JWT_SECRET: SECRET });
    return this.server.url;
  }

  /** SIGKILL: no shutdown of any kind. */
  async kill(): Promise<void> {
    if (this.server) await stopServerProcess(this.server, 'SIGKILL');
    for (const socket of this.sockets) socket.disconnect();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.disconnect();
    if (this.server) await stopServerProcess(this.server).catch(() => undefined);
  }

  signUp(email: string, username: string): Promise<string> {
    return signUp(this.server!.url, SECRET, email, username);
  }

  async socket(auth: Record<string, string>, before?: (socket: Socket) => void): Promise<Socket> {
    const socket = await connectClient(this.server!.url, auth, before);
    this.sockets.push(socket);
    return socket;
  }

  /** Back in after a restart with the rejoin token in the handshake, as the page does. */
  async rejoin(player: Player): Promise<Entered> {
    let rejoined: Promise<Entered> | undefined;
    player.socket = await this.socket({ token: player.token, rejoinToken: player.rejoinToken }, (s) => (rejoined = next<Entered>(s, 'room:rejoined')));
    return rejoined!;
  }

  async results(): Promise<unknown[]> {
    const { anonKey } = await createKeys(SECRET);
    const reply = await fetch(`${this.server!.url}/rest/v1/game_results?select=player1_score,player2_score`, { headers: { apikey: anonKey } });
    return (await reply.json()) as unknown[];
  }
}

async function play(players: [Player, Player], moves: { row: number; col: number }[], from: number) {
  for (let i = from; i < moves.length; i++) {
    const ack = await call(players[i % 2]!.socket, 'game:move', moves[i]);
    expect(ack, JSON.stringify(moves[i])).toMatchObject({ success: true });
  }
}

async function survivesThreeKills(chaos: Chaos) {
  await chaos.start();
  const alice: Player = { token: await chaos.signUp(`alice-${Date.now()}@example.com`, 'alice'), rejoinToken: '', socket: undefined as never };
  const bob: Player = { token: await chaos.signUp(`bob-${Date.now()}@example.com`, 'bob'), rejoinToken: '', socket: undefined as never };
  alice.socket = await chaos.socket({ token: alice.token });
  bob.socket = await chaos.socket({ token: bob.token });
  const created = await call<Entered>(alice.socket, 'room:create', { username: 'Alice' });
  const joined = await call<Entered>(bob.socket, 'room:join', { code: created.room.code, username: 'Bob' });
  alice.rejoinToken = created.rejoinToken;
  bob.rejoinToken = joined.rejoinToken;
  await call(alice.socket, 'room:setReady', { ready: true });
  await call(bob.socket, 'room:setReady', { ready: true });
  const counting = next(bob.socket, 'room:gameStarting');
  expect(await call(alice.socket, 'game:start')).toEqual({ success: true });
  await counting;

  // 1. Killed during the countdown: after the restart the countdown goes on and the game begins.
  await chaos.kill();
  await chaos.start();
  const started = [alice, bob].map(async (p) => {
    const entered = await chaos.rejoin(p);
    if (entered.room.status !== 'playing') await next(p.socket, 'game:started');
  });
  await Promise.all(started);
  const moves = columnsPlan();
  await play([alice, bob], moves.slice(0, 10), 0);

  // 2. Killed in the middle of the game: both get back to the same position.
  await chaos.kill();
  await chaos.start();
  const back = await Promise.all([chaos.rejoin(alice), chaos.rejoin(bob)]);
  expect(back.map((e) => [e.room.status, e.gameState?.moveCount])).toEqual([['playing', 10], ['playing', 10]]);
  await play([alice, bob], moves.slice(0, 20), 10);

  // 3. Killed with an undo request pending: it is still pending after the restart, and answered.
  const asked = await call<{ success: boolean; requestId: string }>(alice.socket, 'game:requestUndo');
  expect(asked.success).toBe(true);
  await chaos.kill();
  await chaos.start();
  const [, bobBack] = await Promise.all([chaos.rejoin(alice), chaos.rejoin(bob)]);
  expect(bobBack.room.pendingUndo?.requestId).toBe(asked.requestId);
  const approved = next<{ gameState: { moveCount: number } }>(alice.socket, 'game:undoApproved');
  expect(await call(bob.socket, 'game:respondUndo', { requestId: asked.requestId, approved: true })).toEqual({ success: true });
  expect((await approved).gameState.moveCount).toBe(18);

  const finished = next<Finished>(alice.socket, 'game:finished');
  await play([alice, bob], moves, 18);
  const result = await finished;
  expect(result).toMatchObject({ winner: 0, scores: ['216', '72'], reason: 'board-full' });
  expect(result.ratings).toHaveLength(2);
  expect(await chaos.results()).toEqual([{ player1_score: 216, player2_score: 72 }]);
}

describe('the game server killed with SIGKILL', () => {
  it('on the embedded database: a rated game survives three kills and is rated exactly once', { timeout: 600_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-chaos-'));
    const chaos = new Chaos({ DATA_DIR: dataDir });
    try {
      await survivesThreeKills(chaos);
    } finally {
      await chaos.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('on PostgreSQL', () => {
    let cluster: PostgresCluster | undefined;
    afterAll(() => cluster?.stop());

    it('a rated game survives three kills and is rated exactly once', { timeout: 600_000 }, async () => {
      cluster = await startPostgresCluster();
      const dataDir = mkdtempSync(join(tmpdir(), 'cc-chaos-pg-'));
      const chaos = new Chaos({ DATABASE_URL: cluster.url('postgres'), DATA_DIR: dataDir });
      try {
        await survivesThreeKills(chaos);
      } finally {
        await chaos.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
