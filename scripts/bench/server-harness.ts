/**
 * The measuring half of a `npm run bench:rooms` server process, shared by the game server
 * (rooms-server.ts) and the bare socket.io relay (relay-server.ts) so that both are measured by
 * the same code: whatever differs between their figures is the server, not the measurement.
 *
 * It talks over the process's standard streams, one line each way (rooms-protocol.ts):
 * - it prints `@@bench {"type":"ready","url":...}` once the server listens;
 * - `reset` (on stdin) restarts the measurement window of event-loop delay and CPU (the memory
 *   peaks run from the start);
 * - `stats` prints `@@bench {"type":"stats",...}` for the window so far;
 * - `stop` closes the server, prints the final stats and exits.
 * It also shuts itself down when stdin closes (its parent is gone) or after --max-s seconds,
 * so it can never outlive the benchmark.
 * With `--cpu-prof DIR` it also records a V8 CPU profile of the measurement window (from `reset`
 * to `stats`) into DIR/<name>-<pid>.cpuprofile: the play phase alone, without the start-up
 * and set-up that a whole-process `node --cpu-prof` would mix in.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { processStat } from '../../server/src/db/process-tree';
import { option, textOption } from './options';
import { MARKER, type ServerStats } from './rooms-protocol';

const MB = 1024 * 1024;

/** A server under test, listening on a loopback port. */
export interface BenchTarget {
  http: HttpServer;
  /** Rooms the server holds now. */
  rooms(): number;
  /** Closes the server and whatever it owns, after its connections were cut; must settle within seconds. */
  close(): Promise<void>;
  /** Processes that work for the server (the embedded database): their CPU counts as the server's. */
  helperPids?: () => number[];
}

/**
 * CPU seconds a process has used so far, with what its children used before they ended
 * (PostgreSQL's backends); 0 where there is none, or it is gone.
 */
function processCpuSeconds(pid: number): number {
  const stat = processStat(pid);
  return stat ? stat.cpuSeconds + stat.endedChildrenCpuSeconds : 0;
}

/** The CPU profile of the measurement window, over the inspector of this very process. */
class WindowProfiler {
  private readonly session = new Session();
  private running = false;

  constructor(
    private readonly dir: string,
    private readonly name: string,
  ) {
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
    const path = join(this.dir, `${this.name}-${process.pid}.cpuprofile`);
    writeFileSync(path, JSON.stringify(profile));
    return path;
  }
}

function say(message: object): void {
  process.stdout.write(`${MARKER}${JSON.stringify(message)}\n`);
}

/** Starts the server (`start` must leave it listening), then measures it as the parent asks. */
export async function runBenchServer(name: string, start: () => Promise<BenchTarget>): Promise<void> {
  const maxMs = option('max-s', 300) * 1000;
  const profileDir = textOption('cpu-prof');
  const profiler = profileDir ? new WindowProfiler(profileDir, name) : undefined;
  const target = await start();

  const r = (x: number, digits = 1) => Number(x.toFixed(digits));
  const base = process.memoryUsage();
  const baseline = { rssMB: r(base.rss / MB), heapUsedMB: r(base.heapUsed / MB) };
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const peak = { rss: base.rss, heapUsed: base.heapUsed };
  let windowStart = performance.now();
  let cpuStart = process.cpuUsage();
  const helperCpu = () => (target.helperPids?.() ?? []).reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  let helperCpuStart = helperCpu();
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
    const helperSeconds = helperCpu() - helperCpuStart;
    // The histogram holds the time between two samples, so the sampling interval itself is taken off.
    const ms = (ns: number) => r(Math.max(0, ns / 1e6 - 10), 2);
    return {
      type: 'stats',
      baseline,
      peak: { rssMB: r(peak.rss / MB), heapUsedMB: r(peak.heapUsed / MB) },
      now: { rssMB: r(m.rss / MB), heapUsedMB: r(m.heapUsed / MB), externalMB: r(m.external / MB), arrayBuffersMB: r(m.arrayBuffers / MB) },
      eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      // The server's own CPU and its database process's: durability's cost is counted where it is paid.
      cpuCores: seconds > 0 ? r(((cpu.user + cpu.system) / 1e6 + helperSeconds) / seconds, 2) : 0,
      helperCpuCores: seconds > 0 ? r(helperSeconds / seconds, 2) : 0,
      windowSeconds: r(seconds, 2),
      rooms: target.rooms(),
    };
  };

  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    const final = stats();
    clearInterval(sampler);
    delay.disable();
    target.http.closeAllConnections();
    await target.close().catch((error: unknown) => console.error('closing the server failed', error));
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
      helperCpuStart = helperCpu();
      if (!profiler) return say({ type: 'reset' });
      profiler
        .start()
        .catch((error: unknown) => console.error('starting the cpu profile failed', error))
        .finally(() => say({ type: 'reset' }));
    } else if (command === 'stop') void stop('asked');
  });
  lines.on('close', () => void stop('stdin closed'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal));

  say({ type: 'ready', url: `http://127.0.0.1:${(target.http.address() as AddressInfo).port}`, pid: process.pid });
}
