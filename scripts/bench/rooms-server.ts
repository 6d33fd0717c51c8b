/**
 * The server process of `npm run bench:rooms`: the real game server (real engine, in-memory
 * PGlite, real HTTP server) on a loopback port, in a process of its own so that it does not
 * share an event loop with the bots. Spawned by scripts/bench-rooms.ts with
 * `tsx scripts/bench/rooms-server.ts --countdown-tick-ms MS --events-per-second N --max-s S`.
 *
 * It talks over its standard streams, one line each way:
 * - it prints `@@bench {"type":"ready","url":...}` once it listens;
 * - `reset` (on stdin) restarts the measurement window of event-loop delay and CPU (the memory
 *   peaks run from the start);
 * - `stats` prints `@@bench {"type":"stats",...}` for the window so far;
 * - `stop` closes the game server and the database, prints the final stats and exits.
 * It also shuts itself down when stdin closes (its parent is gone) or after --max-s seconds,
 * so it can never outlive the benchmark.
 * With `--cpu-prof DIR` it also records a V8 CPU profile of the measurement window (from `reset`
 * to `stats`) into DIR/rooms-server-<pid>.cpuprofile: the play phase alone, without the start-up
 * and set-up that a whole-process `node --cpu-prof` would mix in.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createKeys } from '../../server/src/auth/keys';
import { pgliteForTests } from '../../server/src/db/testing';
import { attachGameServer } from '../../server/src/rooms/index';
import { loadEngine } from '../../src/engine/load';
import { MARKER, type ServerStats } from './rooms-protocol';
import { option, textOption } from './options';

const MB = 1024 * 1024;

/** The CPU profile of the measurement window, over the inspector of this very process. */
class WindowProfiler {
  private readonly session = new Session();
  private running = false;

  constructor(private readonly dir: string) {
    this.session.connect();
  }

  private post(method: string, params?: object): Promise<unknown> {
    return new Promise((resolve, reject) => this.session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  }

  async start(): Promise<void> {
    if (this.running) await this.post('Profiler.stop');
    await this.post('Profiler.enable');
    await this.post('Profiler.start');
    this.running = true;
  }

  /** Writes the profile so far; the path, or undefined when none runs. */
  async stop(): Promise<string | undefined> {
    if (!this.running) return undefined;
    this.running = false;
    const { profile } = (await this.post('Profiler.stop')) as { profile: object };
    mkdirSync(this.dir, { recursive: true });
    const path = join(this.dir, `rooms-server-${process.pid}.cpuprofile`);
    writeFileSync(path, JSON.stringify(profile));
    return path;
  }
}

function say(message: object): void {
  process.stdout.write(`${MARKER}${JSON.stringify(message)}\n`);
}

async function main(): Promise<void> {
  const countdownTickMs = option('countdown-tick-ms', 10);
  const eventsPerSecond = option('events-per-second', 20);
  const maxMs = option('max-s', 300) * 1000;
  const profileDir = textOption('cpu-prof');
  const profiler = profileDir ? new WindowProfiler(profileDir) : undefined;

  const database = await pgliteForTests();
  const keys = await createKeys('bench-secret');
  // socket.io alone: the rest of the HTTP edge plays no part in a game.
  const http = createServer((_req, res) => res.writeHead(404).end());
  const games = attachGameServer(http, { engine: await loadEngine(), db: database.db, keys, countdownTickMs, eventsPerSecond });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));

  const r = (x: number, digits = 1) => Number(x.toFixed(digits));
  const base = process.memoryUsage();
  const baseline = { rssMB: r(base.rss / MB), heapUsedMB: r(base.heapUsed / MB) };
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const peak = { rss: base.rss, heapUsed: base.heapUsed };
  let windowStart = performance.now();
  let cpuStart = process.cpuUsage();
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    return m;
  };
  const sampler = setInterval(sample, 100);

  const stats = (): ServerStats => {
    const m = sample();
    const seconds = (performance.now() - windowStart) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    // The histogram holds the time between two samples, so the sampling interval itself is taken off.
    const ms = (ns: number) => r(Math.max(0, ns / 1e6 - 10), 2);
    return {
      type: 'stats',
      baseline,
      peak: { rssMB: r(peak.rss / MB), heapUsedMB: r(peak.heapUsed / MB) },
      now: { rssMB: r(m.rss / MB), heapUsedMB: r(m.heapUsed / MB), externalMB: r(m.external / MB), arrayBuffersMB: r(m.arrayBuffers / MB) },
      eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      cpuCores: seconds > 0 ? r((cpu.user + cpu.system) / 1e6 / seconds, 2) : 0,
      windowSeconds: r(seconds, 2),
      rooms: games.game.rooms.size,
    };
  };

  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    const final = stats();
    clearInterval(sampler);
    delay.disable();
    http.closeAllConnections();
    await Promise.race([games.close(), new Promise((resolve) => setTimeout(resolve, 5000))]);
    await database.stop().catch(() => undefined);
    say({ ...final, type: 'stopped', why } satisfies ServerStats);
    process.exit(0);
  };
  const safety = setTimeout(() => void stop(`max ${maxMs / 1000} s reached`), maxMs);
  safety.unref();

  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const command = line.trim();
    if (command === 'stats') {
      const now = stats();
      if (!profiler) return say(now);
      // The profile is written after the window's figures are taken, so writing it costs them nothing.
      profiler
        .stop()
        .then((path) => path && console.log(`cpu profile of the window: ${path}`))
        .catch((error: unknown) => console.error('writing the cpu profile failed', error))
        .finally(() => say(now));
    } else if (command === 'reset') {
      delay.reset();
      windowStart = performance.now();
      cpuStart = process.cpuUsage();
      if (!profiler) return say({ type: 'reset' });
      profiler
        .start()
        .catch((error: unknown) => console.error('starting the cpu profile failed', error))
        .finally(() => say({ type: 'reset' }));
    } else if (command === 'stop') void stop('asked');
  });
  lines.on('close', () => void stop('stdin closed'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal));

  say({ type: 'ready', url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, pid: process.pid });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
