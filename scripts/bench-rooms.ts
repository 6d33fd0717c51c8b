/**
 * `npm run bench:rooms -- --rooms 500 [--json]`: the real game server in-process on a loopback
 * port (in-memory PGlite, real engine), and N rooms of two bot socket.io clients each that
 * create/join, ready, start together and play a whole game with legal random moves.
 * Prints rooms completed, moves per second, p50/p99 move round-trip (emit → ack), the peak
 * memory of this process (server and bots share it) and the errors; `--json` adds one JSON
 * object on the last line. Exits non-zero when rooms are missing at the end or the time-out.
 *
 * Options: --rooms N (50), --timeout-s S (120), --countdown-tick-ms MS (10: the server's
 * countdownTickMs option; 1000 in production), --events-per-second N (the server's per-socket
 * throttle, 20 as in production), --gap-ms MS (minimum gap between two events of one bot;
 * by default 80 % of the throttle's rate), --seed N, --json.
 *
 * A benchmark, not a test: this machine is shared, so numbers vary run to run.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { createKeys } from '../server/src/auth/keys';
import { pgliteForTests } from '../server/src/db/testing';
import { createHttpServer } from '../server/src/http/server';
import { attachGameServer } from '../server/src/rooms/index';
import { loadEngine } from '../src/engine/load';
import { random } from './bench/random';
import { addError, playRoom, setUpRoom, type BenchErrors, type RoomRunOptions, type SetUpRoom } from './bench/rooms-bot';
import { median, quantile } from './bench/stats';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a non-negative number`);
  return value;
}

const ROOMS = Math.floor(option('rooms', 50));
const TIMEOUT_MS = option('timeout-s', 120) * 1000;
const COUNTDOWN_TICK_MS = option('countdown-tick-ms', 10);
const EVENTS_PER_SECOND = option('events-per-second', 20);
const GAP_MS = option('gap-ms', Math.ceil(1000 / (EVENTS_PER_SECOND * 0.8)));
const SEED = option('seed', 1);
const JSON_OUTPUT = process.argv.includes('--json');
/** Rooms being set up at once (connect, create, join, ready); every game then starts together. */
const SETUP_CONCURRENCY = 50;
const MB = 1024 * 1024;

async function main(): Promise<number> {
  const wallStart = performance.now();
  const database = await pgliteForTests();
  const keys = await createKeys('bench-secret');
  const http = createHttpServer({ distDir: '/nonexistent' });
  const games = attachGameServer(http, { engine: await loadEngine(), db: database.db, keys, countdownTickMs: COUNTDOWN_TICK_MS, eventsPerSecond: EVENTS_PER_SECOND });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const baseline = process.memoryUsage();
  const peak = { rss: baseline.rss, heapUsed: baseline.heapUsed };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  }, 100);

  let timedOut = false;
  let deadlineTimer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    deadlineTimer = setTimeout(() => {
      timedOut = true;
      resolve();
    }, TIMEOUT_MS);
  });

  const errors: BenchErrors = { count: 0, first: [] };
  const rtts: number[] = [];
  const sockets: Socket[] = [];
  const opts: RoomRunOptions = { url, minGapMs: GAP_MS, ackTimeoutMs: 10_000, random: random(SEED), rtts, errors, sockets };

  // Set-up: SETUP_CONCURRENCY rooms at a time, bounded by the deadline.
  const ready: { room: SetUpRoom; n: number }[] = [];
  let nextRoom = 0;
  const worker = async () => {
    while (nextRoom < ROOMS && !timedOut) {
      const n = nextRoom++;
      const room = await setUpRoom(opts, n);
      if (room) ready.push({ room, n });
    }
  };
  const setupStart = performance.now();
  await Promise.race([Promise.all(Array.from({ length: Math.min(SETUP_CONCURRENCY, ROOMS) }, worker)), deadline]);
  const setupMs = performance.now() - setupStart;

  // Play: every ready room starts at once.
  let completed = 0;
  const playStart = performance.now();
  await Promise.race([
    Promise.all(
      ready.map(({ room, n }) =>
        playRoom(room, n, errors, deadline).then((ok) => {
          if (ok) completed += 1;
        }),
      ),
    ),
    deadline,
  ]);
  const playMs = performance.now() - playStart;
  if (timedOut) addError(errors, `global time-out after ${TIMEOUT_MS / 1000} s`);
  clearTimeout(deadlineTimer);
  clearInterval(sampler);
  const end = process.memoryUsage();
  peak.rss = Math.max(peak.rss, end.rss);
  peak.heapUsed = Math.max(peak.heapUsed, end.heapUsed);

  // Clean-up, always: every socket, the game server (and the HTTP server), the database.
  for (const s of sockets) {
    s.removeAllListeners('disconnect');
    s.disconnect();
  }
  await Promise.race([games.close(), new Promise((resolve) => setTimeout(resolve, 5000))]);
  await database.stop().catch(() => undefined);

  const r = (x: number, digits = 1) => Number(x.toFixed(digits));
  const report = {
    roomsRequested: ROOMS,
    roomsSetUp: ready.length,
    roomsCompleted: completed,
    totalMoves: rtts.length,
    movesPerSecond: r(rtts.length / (playMs / 1000)),
    moveRttMs: { p50: r(median(rtts), 2), p99: r(quantile(rtts, 0.99), 2), max: r(Math.max(0, ...rtts), 2) },
    memoryMB: { baselineRss: r(baseline.rss / MB), peakRss: r(peak.rss / MB), baselineHeapUsed: r(baseline.heapUsed / MB), peakHeapUsed: r(peak.heapUsed / MB), note: 'one process: server and all bot clients; baseline is after the server started and includes the in-memory PGlite' },
    errors: { count: errors.count, first: errors.first },
    timedOut,
    setupSeconds: r(setupMs / 1000, 2),
    playSeconds: r(playMs / 1000, 2),
    wallSeconds: r((performance.now() - wallStart) / 1000, 2),
    settings: { countdownTickMs: COUNTDOWN_TICK_MS, eventsPerSecond: EVENTS_PER_SECOND, botGapMs: GAP_MS, seed: SEED, timeoutS: TIMEOUT_MS / 1000 },
  };

  console.log(`bench:rooms (${ROOMS} rooms, ${ROOMS * 2} bot clients over loopback; server throttle ${EVENTS_PER_SECOND}/s, bot gap ${GAP_MS} ms, countdown tick ${COUNTDOWN_TICK_MS} ms)`);
  console.log(`  rooms completed   ${completed} / ${ROOMS} (set up ${ready.length})`);
  console.log(`  moves             ${report.totalMoves} in ${report.playSeconds} s = ${report.movesPerSecond} moves/s`);
  console.log(`  move round-trip   p50 ${report.moveRttMs.p50} ms, p99 ${report.moveRttMs.p99} ms, max ${report.moveRttMs.max} ms`);
  console.log(`  memory (process)  peak rss ${report.memoryMB.peakRss} MB (baseline ${report.memoryMB.baselineRss}), peak heapUsed ${report.memoryMB.peakHeapUsed} MB (baseline ${report.memoryMB.baselineHeapUsed}); one process for server and bots, baseline includes the in-memory PGlite`);
  console.log(`  errors            ${errors.count}${errors.first.map((m) => `\n    - ${m}`).join('')}`);
  console.log(`  wall time         ${report.wallSeconds} s (set-up ${report.setupSeconds} s, play ${report.playSeconds} s)${timedOut ? ' — TIMED OUT' : ''}`);
  if (JSON_OUTPUT) console.log(JSON.stringify(report));
  return completed === ROOMS && !timedOut ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
