/**
 * `npm run bench:rooms -- --rooms 500 [--think-ms 500] [--json]`: the real game server (real
 * engine, in-memory PGlite) in a process of its own (scripts/bench/rooms-server.ts, run by node
 * with tsx and the server's flags) on a loopback port, and N rooms of two bot socket.io clients each in this process that
 * create/join, ready, start together and play a whole game with legal random moves.
 * Server and bots do not share an event loop, so the round-trips are not inflated by the bots'
 * own work on the server's loop (on this 2-core machine they still share the CPUs).
 *
 * Prints rooms completed, the offered load (the moves per second the bots would ask for if every
 * round-trip were instant) next to the achieved moves per second, p50/p99 move round-trip
 * (emit → ack), the SERVER process's memory, event-loop delay and CPU, the same for the bot
 * process, and the errors; `--json` adds one JSON object on the last line. Exits non-zero when
 * rooms are missing at the end or on the time-out.
 *
 * Options: --rooms N (50), --think-ms MS (0: a pause before each bot move, as a person thinks;
 * 0 = as fast as the server's throttle allows), --timeout-s S (120, the whole run),
 * --countdown-tick-ms MS (10: the server's countdownTickMs option; 1000 in production),
 * --events-per-second N (the server's per-socket throttle, 20 as in production), --gap-ms MS
 * (minimum gap between two events of one bot; by default 80 % of the throttle's rate),
 * --seed N, --json, --cpu-prof DIR (the server process writes a V8 CPU profile of the play phase
 * into DIR; profiling slows the server, so such a run's figures are not comparable).
 *
 * A benchmark, not a test: this machine is shared, so numbers vary run to run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { random } from './bench/random';
import { addError, playRoom, setUpRoom, type BenchErrors, type RoomRunOptions, type SetUpRoom } from './bench/rooms-bot';
import { MARKER, type ServerStats } from './bench/rooms-protocol';
import { median, quantile } from './bench/stats';
import { option, textOption } from './bench/options';

const ROOMS = Math.floor(option('rooms', 50));
const THINK_MS = option('think-ms', 0);
const TIMEOUT_MS = option('timeout-s', 120) * 1000;
const COUNTDOWN_TICK_MS = option('countdown-tick-ms', 10);
const EVENTS_PER_SECOND = option('events-per-second', 20);
const GAP_MS = option('gap-ms', Math.ceil(1000 / (EVENTS_PER_SECOND * 0.8)));
const SEED = option('seed', 1);
const JSON_OUTPUT = process.argv.includes('--json');
const CPU_PROF_DIR = textOption('cpu-prof');
/** Rooms being set up at once (connect, create, join, ready); every game then starts together. */
const SETUP_CONCURRENCY = 50;
/** How long the server process may take to start, answer a request and stop. */
const START_TIMEOUT_MS = 60_000;
const REPLY_TIMEOUT_MS = 10_000;
const MB = 1024 * 1024;
const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The moves per second the bots ask for when every round-trip is instant: one move at a time
 * per room, each after the think time, and each bot no faster than one event per gap.
 */
function offeredMovesPerSecond(): number {
  const perRoom = Math.min(GAP_MS > 0 ? 2000 / GAP_MS : Infinity, THINK_MS > 0 ? 1000 / THINK_MS : Infinity);
  return ROOMS * perRoom;
}

/** The game server in its own process, driven over its stdin/stdout (see rooms-server.ts). */
class ServerProcess {
  private readonly waiting: { type: string; resolve: (message: Record<string, unknown>) => void }[] = [];
  private exited = false;
  readonly exit: Promise<void>;

  constructor(private readonly child: ChildProcess) {
    this.exit = new Promise((resolve) => child.once('exit', () => resolve()));
    void this.exit.then(() => {
      this.exited = true;
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith(MARKER)) return void process.stderr.write(`[server] ${line}\n`);
      const message = JSON.parse(line.slice(MARKER.length)) as Record<string, unknown>;
      const i = this.waiting.findIndex((w) => w.type === message.type);
      if (i >= 0) this.waiting.splice(i, 1)[0]!.resolve(message);
    });
  }

  static start(): ServerProcess {
    // Node's flags as package.json's "serve" runs the server: a young generation of 32 MB per
    // semi-space (instead of 16) means fewer scavenges: about a tenth less CPU per move here.
    const args = ['--max-semi-space-size=32', '--import', 'tsx', join(root, 'scripts', 'bench', 'rooms-server.ts'), '--countdown-tick-ms', String(COUNTDOWN_TICK_MS), '--events-per-second', String(EVENTS_PER_SECOND), '--max-s', String(Math.ceil(TIMEOUT_MS / 1000) + 120)];
    if (CPU_PROF_DIR) args.push('--cpu-prof', CPU_PROF_DIR);
    return new ServerProcess(spawn(process.execPath, args, { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] }));
  }

  /** Waits for the next message of `type` (after sending `command`, if any); undefined on time-out or exit. */
  async request<T>(type: string, command: string | undefined, timeoutMs: number): Promise<T | undefined> {
    if (this.exited) return undefined;
    const reply = new Promise<Record<string, unknown>>((resolve) => this.waiting.push({ type, resolve }));
    if (command) this.child.stdin!.write(`${command}\n`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
    const result = await Promise.race([reply, timeout, this.exit.then(() => undefined)]);
    clearTimeout(timer);
    return result as T | undefined;
  }

  /** Asks the server to stop, then kills it if it does not; always resolves. */
  async stop(): Promise<ServerStats | undefined> {
    if (this.exited) return undefined;
    const final = await this.request<ServerStats>('stopped', 'stop', REPLY_TIMEOUT_MS);
    this.child.stdin!.end();
    const gone = await Promise.race([this.exit.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000))]);
    if (!gone) this.kill();
    return final;
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}

async function main(): Promise<number> {
  const wallStart = performance.now();
  const server = ServerProcess.start();
  process.once('exit', () => server.kill());
  try {
    return await run(server, wallStart);
  } finally {
    await server.stop();
  }
}

async function run(server: ServerProcess, wallStart: number): Promise<number> {
  const started = await server.request<{ url: string }>('ready', undefined, START_TIMEOUT_MS);
  if (!started) throw new Error(`the server process did not start within ${START_TIMEOUT_MS / 1000} s`);
  const { url } = started;

  // The bot process: its own memory, event-loop delay and CPU, to see whether the clients are the bottleneck.
  const botDelay = monitorEventLoopDelay({ resolution: 10 });
  let botPeakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (botPeakRss = Math.max(botPeakRss, process.memoryUsage().rss)), 100);

  let timedOut = false;
  let deadlineTimer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    deadlineTimer = setTimeout(() => {
      timedOut = true;
      resolve();
    }, TIMEOUT_MS - (performance.now() - wallStart));
  });

  const errors: BenchErrors = { count: 0, first: [] };
  const rtts: number[] = [];
  const moves = { requested: 0 };
  const sockets: Socket[] = [];
  const opts: RoomRunOptions = { url, minGapMs: GAP_MS, thinkMs: THINK_MS, ackTimeoutMs: 10_000, random: random(SEED), rtts, moves, errors, sockets };

  let completed = 0;
  let ready: { room: SetUpRoom; n: number }[] = [];
  let setupMs: number;
  let playMs: number;
  let serverStats: ServerStats | undefined;
  let botCpu: number;
  try {
    // Set-up: SETUP_CONCURRENCY rooms at a time, bounded by the deadline.
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
    setupMs = performance.now() - setupStart;
    ready = [...ready];

    // Play: every ready room starts at once; the server's and the bots' windows start here.
    await server.request('reset', 'reset', REPLY_TIMEOUT_MS);
    botDelay.enable();
    const cpuStart = process.cpuUsage();
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
    playMs = performance.now() - playStart;
    const cpu = process.cpuUsage(cpuStart);
    botCpu = (cpu.user + cpu.system) / 1e6 / (playMs / 1000);
    botDelay.disable();
    serverStats = await server.request<ServerStats>('stats', 'stats', REPLY_TIMEOUT_MS);
    if (!serverStats) addError(errors, 'the server process did not report its stats');
  } finally {
    if (timedOut) addError(errors, `global time-out after ${TIMEOUT_MS / 1000} s`);
    clearTimeout(deadlineTimer);
    clearInterval(sampler);
    // Clean-up, always: every socket here; the server process is stopped by main.
    for (const s of sockets) {
      s.removeAllListeners('disconnect');
      s.disconnect();
    }
  }

  const r = (x: number, digits = 1) => Number(x.toFixed(digits));
  const offered = offeredMovesPerSecond();
  // The histogram holds the time between two 10 ms samples; the lateness is what exceeds 10 ms.
  const lateness = (ns: number) => r(Math.max(0, ns / 1e6 - 10), 2);
  const report = {
    roomsRequested: ROOMS,
    roomsSetUp: ready.length,
    roomsCompleted: completed,
    totalMoves: rtts.length,
    offeredMovesPerSecond: r(offered),
    requestedMovesPerSecond: r(moves.requested / (playMs / 1000)),
    movesPerSecond: r(rtts.length / (playMs / 1000)),
    moveRttMs: { p50: r(median(rtts), 2), p99: r(quantile(rtts, 0.99), 2), max: r(Math.max(0, ...rtts), 2) },
    server: serverStats
      ? {
          memoryMB: { baselineRss: serverStats.baseline.rssMB, peakRss: serverStats.peak.rssMB, baselineHeapUsed: serverStats.baseline.heapUsedMB, peakHeapUsed: serverStats.peak.heapUsedMB },
          eventLoopDelayMs: serverStats.eventLoopDelayMs,
          cpuCores: serverStats.cpuCores,
          // What the server costs per move: its CPU over the play window (game starts included) by the moves played.
          cpuMicrosPerMove: rtts.length > 0 ? r((serverStats.cpuCores * serverStats.windowSeconds * 1e6) / rtts.length, 0) : null,
          note: 'the server process alone; baseline is after it started listening and includes the in-memory PGlite',
        }
      : null,
    bots: { peakRssMB: r(botPeakRss / MB), eventLoopDelayMs: { p50: lateness(botDelay.percentile(50)), p99: lateness(botDelay.percentile(99)), max: lateness(botDelay.max) }, cpuCores: r(botCpu, 2) },
    errors: { count: errors.count, first: errors.first },
    timedOut,
    setupSeconds: r(setupMs / 1000, 2),
    playSeconds: r(playMs / 1000, 2),
    wallSeconds: r((performance.now() - wallStart) / 1000, 2),
    settings: { thinkMs: THINK_MS, countdownTickMs: COUNTDOWN_TICK_MS, eventsPerSecond: EVENTS_PER_SECOND, botGapMs: GAP_MS, seed: SEED, timeoutS: TIMEOUT_MS / 1000 },
  };

  const pacing = THINK_MS > 0 ? `think ${THINK_MS} ms before each move` : 'no think time (as fast as the throttle allows)';
  console.log(`bench:rooms (${ROOMS} rooms, ${ROOMS * 2} bot clients over loopback, server in its own process; ${pacing}; server throttle ${EVENTS_PER_SECOND}/s, bot gap ${GAP_MS} ms, countdown tick ${COUNTDOWN_TICK_MS} ms)`);
  console.log(`  rooms completed   ${completed} / ${ROOMS} (set up ${ready.length})`);
  console.log(`  load              offered ${report.offeredMovesPerSecond} moves/s (at zero round-trip), requested ${report.requestedMovesPerSecond} moves/s, achieved ${report.movesPerSecond} moves/s (${report.totalMoves} moves in ${report.playSeconds} s)`);
  console.log(`  move round-trip   p50 ${report.moveRttMs.p50} ms, p99 ${report.moveRttMs.p99} ms, max ${report.moveRttMs.max} ms`);
  if (report.server) {
    const s = report.server;
    console.log(`  server process    peak rss ${s.memoryMB.peakRss} MB (baseline ${s.memoryMB.baselineRss}), peak heapUsed ${s.memoryMB.peakHeapUsed} MB (baseline ${s.memoryMB.baselineHeapUsed}); event-loop delay p50 ${s.eventLoopDelayMs.p50} / p99 ${s.eventLoopDelayMs.p99} / max ${s.eventLoopDelayMs.max} ms; CPU ${s.cpuCores} cores (${s.cpuMicrosPerMove ?? '-'} µs per move)`);
  } else console.log('  server process    no stats');
  console.log(`  bot process       peak rss ${report.bots.peakRssMB} MB; event-loop delay p50 ${report.bots.eventLoopDelayMs.p50} / p99 ${report.bots.eventLoopDelayMs.p99} / max ${report.bots.eventLoopDelayMs.max} ms; CPU ${report.bots.cpuCores} cores`);
  console.log(`  errors            ${errors.count}${errors.first.map((m) => `\n    - ${m}`).join('')}`);
  console.log(`  wall time         ${report.wallSeconds} s (set-up ${report.setupSeconds} s, play ${report.playSeconds} s)${timedOut ? ' — TIMED OUT' : ''}`);
  if (JSON_OUTPUT) console.log(JSON.stringify(report));
  return completed === ROOMS && !timedOut && errors.count === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
