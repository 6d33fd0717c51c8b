/**
 * The game half of `npm run bench:api`: rooms of two bots play whole 6×6 games over real sockets
 * (rooms-bot.ts), each move timed from emit to acknowledgement; and the load that runs beside
 * them, as a process of its own at a low priority (its clients stand for machines elsewhere).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { lowPriority } from '../../server/src/low-priority';
import { random } from './random';
import { playRoom, setUpRoom, type BenchErrors, type RoomRunOptions } from './rooms-bot';
import { median, quantile } from './stats';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A move with no acknowledgement within this long is counted as waiting this long, and its room stops. */
export const ACK_TIMEOUT_MS = 10_000;

export interface Played {
  /** Acknowledged moves' round-trips. */
  rtts: number[];
  /** Moves never acknowledged: their waits (ACK_TIMEOUT_MS, or the time until the run's deadline). */
  unanswered: number[];
  errors: BenchErrors;
  /** From the first game's start to the last game's end (or the deadline). */
  seconds: number;
}

export interface GameOptions {
  url: string;
  rooms: number;
  thinkMs: number;
  seed: number;
  /** Runs once the rooms are set up, before their games start (the load that runs beside them). */
  beforePlay?: () => Promise<void>;
  /** Games still going this long after the start are left, their waiting moves counted as waits so far. */
  deadlineMs?: number;
}

/** Rooms of two bots playing whole games; the move round-trips. */
export async function games({ url, rooms: count, thinkMs, seed, beforePlay, deadlineMs }: GameOptions): Promise<Played> {
  const errors: BenchErrors = { count: 0, first: [] };
  const sockets: Socket[] = [];
  const unanswered = { inFlight: new Set<{ sent: number }>(), timedOutMs: [] as number[] };
  const opts: RoomRunOptions = { url, minGapMs: 63, thinkMs, ackTimeoutMs: ACK_TIMEOUT_MS, random: random(seed), rtts: [], moves: { requested: 0 }, errors, sockets, unanswered };
  try {
    const rooms = (await Promise.all(Array.from({ length: count }, (_, n) => setUpRoom(opts, n)))).filter((room) => room !== undefined);
    await beforePlay?.();
    const start = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      if (deadlineMs !== undefined) timer = setTimeout(resolve, deadlineMs);
    });
    await Promise.all(rooms.map((room, n) => playRoom(room, n, errors, deadline)));
    clearTimeout(timer);
    const now = performance.now();
    const waiting = [...unanswered.inFlight].map((move) => now - move.sent);
    return { rtts: opts.rtts, unanswered: [...unanswered.timedOutMs, ...waiting], errors, seconds: (now - start) / 1000 };
  } finally {
    for (const socket of sockets) {
      socket.removeAllListeners('disconnect');
      socket.disconnect();
    }
  }
}

/** Every move's wait: the acknowledged ones' round-trips and the unanswered ones' waits. */
export const waits = (played: Played) => [...played.rtts, ...played.unanswered];
export const p99 = (played: Played) => quantile(waits(played), 0.99);

/** The run whose p99 is the median of the runs'. */
export const middle = (runs: Played[]) => [...runs].sort((a, b) => p99(a) - p99(b))[(runs.length - 1) >> 1]!;

export const round = (x: number, digits = 1) => Number(x.toFixed(digits));

export const summary = (played: Played) => ({
  moves: played.rtts.length,
  unanswered: played.unanswered.length,
  p50Ms: round(median(waits(played)), 2),
  p99Ms: round(p99(played), 2),
  errors: played.errors.count,
  seconds: round(played.seconds),
});

export interface Background<Result> {
  /** Tells it to stop and resolves with its result (the same one however often it is called). */
  stop(): Promise<Result>;
}

/**
 * scripts/bench/<script> as a process of its own at nice 19, its options in the environment
 * variable `variable`; resolves once it says it has started (its first message).
 */
export async function background<Result>(script: string, variable: string, options: unknown): Promise<Background<Result>> {
  const [command, args] = lowPriority(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'bench', script)]);
  const child = spawn(command, args, { cwd: root, env: { ...process.env, [variable]: JSON.stringify(options) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`${script} exited (${code ?? signal}) before it sent its result`))));
  exited.catch(() => undefined);
  child.on('error', () => undefined); // a message to a process that has gone: its exit says so
  await Promise.race([new Promise((resolve) => child.once('message', resolve)), exited]);
  // Its result, whenever it comes.
  const result = Promise.race([new Promise<Result>((resolve) => child.once('message', (message) => resolve(message as Result))), exited]);
  result.catch(() => undefined); // reported when stop() is awaited
  let stopped = false;
  return {
    stop() {
      if (!stopped && child.connected) child.send('stop');
      stopped = true;
      return result;
    },
  };
}
