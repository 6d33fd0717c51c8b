/**
 * `npm run bench:rooms -- --spectators 1000`: the cost of spectators to the game server.
 * One room, two players playing a scripted 6x6 game (row by row, one move at a time), first with
 * nobody watching, then with N spectator socket.io clients watching it (all in this process, over
 * loopback, against the real game server in a process of its own). Each move is made only once
 * every spectator has it, so moves never overlap and each is timed on its own. It prints:
 * - the server's CPU per move (server process and its embedded database) without and with the
 *   spectators, and their difference: what broadcasting one move to N spectators costs;
 * - per move, the time from the player's emit until all N spectators have the move (p50, p99, max);
 * - per spectator and move, the time until that spectator had it (p50, p99);
 * - the time to connect N spectators and have them all watching, and the number the owner counted.
 * Figures only: this machine is shared, so numbers vary run to run; nothing here is asserted.
 */
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import type { EnteredRoom, ServerEventPayload } from '../../src/protocol';
import type { ServerStats } from './rooms-protocol';
import { median, quantile } from './stats';

/** What the bench needs of the server process (server-process.ts). */
export interface SpectatorsServer {
  request<T>(type: string, command: string | undefined, timeoutMs?: number): Promise<T | undefined>;
}

export interface SpectatorsOptions {
  spectators: number;
  /** Time-out of each acknowledgement and of each move reaching every spectator. */
  timeoutMs: number;
  /** Spectators connecting at once. */
  batch: number;
  /** Minimum ms between two moves (each player then stays under the server's per-socket throttle). */
  gapMs: number;
}

type Ack = { success: true; [key: string]: unknown } | { success: false; error: string };

const CELLS = 36;
const r = (x: number, digits = 2) => Number(x.toFixed(digits));

function open(url: string, timeoutMs: number, sockets: Socket[]): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, autoConnect: false, timeout: timeoutMs });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
    socket.connect();
  });
}

async function call(socket: Socket, event: string, payload: unknown, timeoutMs: number): Promise<Ack & Record<string, unknown>> {
  const ack = (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as Ack & Record<string, unknown>;
  if (!ack.success) throw new Error(`${event}: ${ack.error}`);
  return ack;
}

/** Two players in a new room, its game started; the room's code. */
async function startedRoom(url: string, n: number, opts: SpectatorsOptions, sockets: Socket[]): Promise<{ players: [Socket, Socket]; code: string }> {
  const host = await open(url, opts.timeoutMs, sockets);
  const guest = await open(url, opts.timeoutMs, sockets);
  const created = (await call(host, 'room:create', { username: `host${n}` }, opts.timeoutMs)) as unknown as EnteredRoom;
  await call(guest, 'room:join', { code: created.room.code, username: `guest${n}` }, opts.timeoutMs);
  await call(host, 'room:setReady', { ready: true }, opts.timeoutMs);
  await call(guest, 'room:setReady', { ready: true }, opts.timeoutMs);
  const started = new Promise((resolve) => guest.once('game:started', resolve));
  await call(host, 'game:start', {}, opts.timeoutMs);
  await started;
  return { players: [host, guest], code: created.room.code };
}

/**
 * The scripted game, row by row, each move made once `audience` (the spectators, or the other
 * player) all have the one before; for each move, the time until the last of them had it, and
 * each one's own delay.
 */
async function playScripted(players: [Socket, Socket], audience: Socket[], { timeoutMs, gapMs }: SpectatorsOptions): Promise<{ allHave: number[]; each: number[] }> {
  const allHave: number[] = [];
  const each: number[] = [];
  let waiting: { moveCount: number; left: number; start: number; done: () => void } | null = null;
  const heard = (payload: ServerEventPayload<'game:moveMade'>) => {
    if (!waiting || payload.gameState.moveCount !== waiting.moveCount) return;
    each.push(performance.now() - waiting.start);
    if (--waiting.left === 0) waiting.done();
  };
  for (const socket of audience) socket.on('game:moveMade', heard);
  try {
    let last = -Infinity;
    for (let i = 0; i < CELLS; i++) {
      const wait = last + gapMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const start = (last = performance.now());
      const all = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`move ${i + 1} did not reach every spectator within ${timeoutMs} ms`)), timeoutMs);
        waiting = { moveCount: i + 1, left: audience.length, start, done: () => (clearTimeout(timer), resolve()) };
      });
      await call(players[i % 2]!, 'game:move', { row: Math.floor(i / 6), col: i % 6 }, timeoutMs);
      await all;
      allHave.push(performance.now() - start);
    }
  } finally {
    for (const socket of audience) socket.off('game:moveMade', heard);
  }
  return { allHave, each };
}

/** The server's CPU per move over a window (reset … stats), in ms: its process and its database. */
async function cpuPerMove(server: SpectatorsServer, play: () => Promise<unknown>): Promise<number> {
  await server.request('reset', 'reset');
  await play();
  const stats = await server.request<ServerStats>('stats', 'stats');
  if (!stats) throw new Error('the server process did not report its stats');
  return (stats.cpuCores * stats.windowSeconds * 1000) / CELLS;
}

export async function measureSpectators(server: SpectatorsServer, url: string, opts: SpectatorsOptions) {
  const sockets: Socket[] = [];
  try {
    // Without spectators: the move itself (its commit included), the baseline.
    const quiet = await startedRoom(url, 0, opts, sockets);
    let quietTimes: number[] = [];
    const quietCpu = await cpuPerMove(server, async () => {
      quietTimes = (await playScripted(quiet.players, [quiet.players[1]], opts)).allHave;
    });

    // With N spectators, connected and watching before the game's first move.
    const watched = await startedRoom(url, 1, opts, sockets);
    const setupStart = performance.now();
    const spectators: Socket[] = [];
    let lastCount = 0;
    watched.players[0].on('room:spectators', (payload: { count: number }) => (lastCount = payload.count));
    for (let i = 0; i < opts.spectators; i += opts.batch) {
      const batch = await Promise.all(Array.from({ length: Math.min(opts.batch, opts.spectators - i) }, () => open(url, opts.timeoutMs, sockets)));
      await Promise.all(batch.map((socket) => call(socket, 'room:watch', { code: watched.code }, opts.timeoutMs)));
      spectators.push(...batch);
    }
    const setupSeconds = (performance.now() - setupStart) / 1000;
    let played = { allHave: [] as number[], each: [] as number[] };
    const watchedCpu = await cpuPerMove(server, async () => {
      played = await playScripted(watched.players, spectators, opts);
    });
    return {
      spectators: spectators.length,
      countedByServer: lastCount,
      moves: CELLS,
      cpuMsPerMove: { withoutSpectators: r(quietCpu), withSpectators: r(watchedCpu), broadcast: r(watchedCpu - quietCpu) },
      untilAllHaveMoveMs: { p50: r(median(played.allHave)), p99: r(quantile(played.allHave, 0.99)), max: r(Math.max(...played.allHave)) },
      untilOpponentHasMoveMsWithoutSpectators: { p50: r(median(quietTimes)), p99: r(quantile(quietTimes, 0.99)) },
      eachSpectatorMs: { p50: r(median(played.each)), p99: r(quantile(played.each, 0.99)) },
      setupSeconds: r(setupSeconds),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

export type SpectatorsReport = Awaited<ReturnType<typeof measureSpectators>>;

export function printSpectators(report: SpectatorsReport): void {
  const { cpuMsPerMove: cpu, untilAllHaveMoveMs: all, eachSpectatorMs: each } = report;
  console.log(`spectators: 1 room, ${report.spectators} spectator clients (the server counted ${report.countedByServer} watching), a scripted ${report.moves}-move game, one move at a time`);
  console.log(`  server CPU per move   ${cpu.withoutSpectators} ms without spectators, ${cpu.withSpectators} ms with them: ${cpu.broadcast} ms to broadcast a move to ${report.spectators}`);
  console.log(`  move to every one     p50 ${all.p50} ms, p99 ${all.p99} ms, max ${all.max} ms (from the player's emit until the last spectator has it; without spectators the opponent has it in p50 ${report.untilOpponentHasMoveMsWithoutSpectators.p50} ms)`);
  console.log(`  move to each one      p50 ${each.p50} ms, p99 ${each.p99} ms`);
  console.log(`  set-up                ${report.setupSeconds} s to connect them and have them all watching`);
}
