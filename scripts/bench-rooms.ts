/**
 * `npm run bench:rooms -- --rooms 500 [--server game|relay|both] [--think-ms 500] [--json]`: N rooms
 * of two bot socket.io clients each in this process that create/join, ready, start together and
 * play a whole game with legal random moves, against a server in a process of its own on a
 * loopback port (run by node with tsx and the server's flags). Server and bots do not share an
 * event loop, so the round-trips are not inflated by the bots' own work on the server's loop (on
 * this 2-core machine they still share the CPUs).
 *
 * Two servers, one after the other (never at once), with the same bots, rooms and pacing:
 * - game: the real game server (real engine, every move durable in the embedded database on disk,
 *   PostgreSQL by default, PGlite with EMBEDDED_DATABASE=pglite), scripts/bench/rooms-server.ts;
 * - relay: a bare socket.io relay with no game logic and no database (scripts/bench/relay-server.ts),
 *   the limit for this design. Both are measured by the same code (scripts/bench/server-harness.ts).
 * With both (the default) it then prints the two side by side, the ratios game/relay of the CPU
 * per move and of the p99 round-trip, and whether the game server's targets are met (scripts/bench/rooms-compare.ts).
 * It does so for `--rounds N` rounds (5 with both, else 1), each a game run then a relay run, and
 * judges the targets on the median of the rounds' ratios: one round's play lasts 2 to 3 s, and its
 * p99 on this shared 2-core machine swings by a third from round to round.
 *
 * For each server it prints rooms completed, the offered load (the moves per second the bots would
 * ask for if every round-trip were instant) next to the achieved moves per second, p50/p99 move
 * round-trip (emit → ack), the SERVER process's memory, event-loop delay and CPU, the same for the
 * bot process, and the errors; `--json` adds one JSON object on the last line ({ game, relay,
 * comparison, settings }). Exits non-zero when rooms are missing at the end, on errors or on the
 * time-out of either run; a target not met is reported, not a failure (the figures are noisy).
 *
 * Options: --server game|relay|both (both), --rooms N (50), --think-ms MS (0: a pause before each
 * bot move, as a person thinks; 0 = as fast as the server's throttle allows), --timeout-s S (120,
 * each server's run), --countdown-tick-ms MS (10: the server's countdownTickMs option; 1000 in
 * production), --events-per-second N (the game server's per-socket throttle, 20 as in production;
 * the relay has none), --rounds N, --gap-ms MS (minimum gap between two events of one bot; by default 80 % of
 * the throttle's rate), --seed N, --json, --cpu-prof DIR (each server process writes a V8 CPU
 * profile of the play phase into DIR; profiling slows the server, so such a run's figures are not
 * comparable).
 *
 * Several nodes: `--nodes 1,2 [--adapter postgres|redis|both]` measures, instead, the
 * game on N node processes sharing one PostgreSQL (fsync on) behind Debian's nginx, which the
 * bots go through (scripts/bench/bench-cluster.ts), with the CPU summed over every process that
 * serves the game (nodes, PostgreSQL, nginx, redis); then the CPU per move of each count against
 * one node's (target: 2 nodes at most 1.2× of 1).
 *
 * Spectators: `--spectators N` measures, instead, one room of the game server watched by
 * N spectator clients (scripts/bench/spectators.ts): the server's CPU per move with and without
 * them, and the p50/p99 time until every spectator has a move.
 *
 * A benchmark, not a test: this machine is shared, so numbers vary run to run.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { random } from './bench/random';
import { addError, playRoom, setUpRoom, type BenchErrors, type RoomRunOptions, type SetUpRoom } from './bench/rooms-bot';
import { BenchCluster, type BenchAdapter } from './bench/bench-cluster';
import { compare, compareRounds, printComparison, printRounds, type Comparison } from './bench/rooms-compare';
import type { ServerStats } from './bench/rooms-protocol';
import { ServerProcess } from './bench/server-process';
import { median, quantile } from './bench/stats';
import { option, textOption } from './bench/options';
import { measureSpectators, printSpectators } from './bench/spectators';

const ROOMS = Math.floor(option('rooms', 50));
const THINK_MS = option('think-ms', 0);
const TIMEOUT_MS = option('timeout-s', 120) * 1000;
const COUNTDOWN_TICK_MS = option('countdown-tick-ms', 10);
const EVENTS_PER_SECOND = option('events-per-second', 20);
const GAP_MS = option('gap-ms', Math.ceil(1000 / (EVENTS_PER_SECOND * 0.8)));
const SEED = option('seed', 1);
const JSON_OUTPUT = process.argv.includes('--json');
const CPU_PROF_DIR = textOption('cpu-prof');
const SERVER_CHOICE = textOption('server') ?? 'both';
const NODES = textOption('nodes');
const ADAPTER_CHOICE = textOption('adapter') ?? 'postgres';
const SPECTATORS = Math.floor(option('spectators', 0));
/** Rounds of game then relay; the verdict reads the median of their ratios (one round's p99 is noisy). */
const ROUNDS = Math.max(1, Math.floor(option('rounds', SERVER_CHOICE === 'both' ? 5 : 1)));
/** The target for several nodes: the CPU per move of 2 nodes at most this many times 1 node's. */
const NODES_TARGET = 1.2;
/** Rooms being set up at once (connect, create, join, ready); every game then starts together. */
const SETUP_CONCURRENCY = 50;
/** How long the server process may take to start. */
const START_TIMEOUT_MS = 60_000;
const MB = 1024 * 1024;

type ServerKind = 'game' | 'relay';
/** The servers measured: the game server, and the bare relay it is held against. */
const SERVERS: Record<ServerKind, { script: string; title: string; args: string[] }> = {
  game: { script: 'rooms-server.ts', title: 'game server (real engine, every move durable in the embedded database on disk)', args: ['--events-per-second', String(EVENTS_PER_SECOND)] },
  relay: { script: 'relay-server.ts', title: 'relay (bare socket.io: no game logic, no database)', args: [] },
};
const SETTINGS = { thinkMs: THINK_MS, countdownTickMs: COUNTDOWN_TICK_MS, eventsPerSecond: EVENTS_PER_SECOND, botGapMs: GAP_MS, seed: SEED, timeoutS: TIMEOUT_MS / 1000 };

/**
 * The moves per second the bots ask for when every round-trip is instant: one move at a time
 * per room, each after the think time, and each bot no faster than one event per gap.
 */
function offeredMovesPerSecond(): number {
  const perRoom = Math.min(GAP_MS > 0 ? 2000 / GAP_MS : Infinity, THINK_MS > 0 ? 1000 / THINK_MS : Infinity);
  return ROOMS * perRoom;
}

function startServer(kind: ServerKind): ServerProcess {
  const { script, args } = SERVERS[kind];
  const common = ['--countdown-tick-ms', String(COUNTDOWN_TICK_MS), '--max-s', String(Math.ceil(TIMEOUT_MS / 1000) + 120)];
  if (CPU_PROF_DIR) common.push('--cpu-prof', CPU_PROF_DIR);
  return ServerProcess.start(script, [...common, ...args], kind);
}

type Report = Awaited<ReturnType<typeof run>>;
type Target = Pick<ServerProcess, 'request' | 'kill'> & { stop(): Promise<unknown> };

/** One server's whole run: its process started, the rooms set up and played, the process stopped. */
async function measure(kind: ServerKind | (() => Target)): Promise<Report> {
  const wallStart = performance.now();
  const server = typeof kind === 'function' ? kind() : startServer(kind);
  const killOnExit = () => server.kill();
  process.once('exit', killOnExit);
  try {
    return await run(server, wallStart);
  } finally {
    await server.stop();
    process.off('exit', killOnExit);
  }
}

async function run(server: Target, wallStart: number) {
  const started = await server.request<{ url: string }>('ready', undefined, START_TIMEOUT_MS);
  if (!started) throw new Error(`the server process exited or did not start within ${START_TIMEOUT_MS / 1000} s`);
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
  // A fresh generator per server, so that both runs start from the same seed.
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
    await server.request('reset', 'reset');
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
    serverStats = await server.request<ServerStats>('stats', 'stats');
    if (!serverStats) addError(errors, 'the server process did not report its stats');
  } finally {
    if (timedOut) addError(errors, `global time-out after ${TIMEOUT_MS / 1000} s`);
    clearTimeout(deadlineTimer);
    clearInterval(sampler);
    // Clean-up, always: every socket here; the server process is stopped by measure.
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
          databaseCpuCores: serverStats.helperCpuCores,
          // What the server costs per move: its CPU over the play window (game starts included) by the moves played.
          cpuMicrosPerMove: rtts.length > 0 ? r((serverStats.cpuCores * serverStats.windowSeconds * 1e6) / rtts.length, 0) : null,
          note: "memory: the server process alone, baseline after it started listening; CPU: the server and its embedded database's processes",
        }
      : null,
    bots: { peakRssMB: r(botPeakRss / MB), eventLoopDelayMs: { p50: lateness(botDelay.percentile(50)), p99: lateness(botDelay.percentile(99)), max: lateness(botDelay.max) }, cpuCores: r(botCpu, 2) },
    errors: { count: errors.count, first: errors.first },
    timedOut,
    setupSeconds: r(setupMs / 1000, 2),
    playSeconds: r(playMs / 1000, 2),
    wallSeconds: r((performance.now() - wallStart) / 1000, 2),
  };
  return report;
}

/** One server's figures, under its title. */
function print(kind: ServerKind | string, report: Report): void {
  console.log(kind in SERVERS ? SERVERS[kind as ServerKind].title : kind);
  console.log(`  rooms completed   ${report.roomsCompleted} / ${ROOMS} (set up ${report.roomsSetUp})`);
  console.log(`  load              offered ${report.offeredMovesPerSecond} moves/s (at zero round-trip), requested ${report.requestedMovesPerSecond} moves/s, achieved ${report.movesPerSecond} moves/s (${report.totalMoves} moves in ${report.playSeconds} s)`);
  console.log(`  move round-trip   p50 ${report.moveRttMs.p50} ms, p99 ${report.moveRttMs.p99} ms, max ${report.moveRttMs.max} ms`);
  if (report.server) {
    const s = report.server;
    console.log(`  server process    peak rss ${s.memoryMB.peakRss} MB (baseline ${s.memoryMB.baselineRss}), peak heapUsed ${s.memoryMB.peakHeapUsed} MB (baseline ${s.memoryMB.baselineHeapUsed}); event-loop delay p50 ${s.eventLoopDelayMs.p50} / p99 ${s.eventLoopDelayMs.p99} / max ${s.eventLoopDelayMs.max} ms; CPU ${s.cpuCores} cores with its database's ${s.databaseCpuCores} (${s.cpuMicrosPerMove ?? '-'} µs per move)`);
  } else console.log('  server process    no stats');
  console.log(`  bot process       peak rss ${report.bots.peakRssMB} MB; event-loop delay p50 ${report.bots.eventLoopDelayMs.p50} / p99 ${report.bots.eventLoopDelayMs.p99} / max ${report.bots.eventLoopDelayMs.max} ms; CPU ${report.bots.cpuCores} cores`);
  console.log(`  errors            ${report.errors.count}${report.errors.first.map((m) => `\n    - ${m}`).join('')}`);
  console.log(`  wall time         ${report.wallSeconds} s (set-up ${report.setupSeconds} s, play ${report.playSeconds} s)${report.timedOut ? ' — TIMED OUT' : ''}`);
}

/** `--nodes 1,2`: the game on N nodes behind nginx, for each count and adapter, then each count against one node. */
async function nodesMain(): Promise<number> {
  const counts = NODES!.split(',').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 16)) throw new Error('--nodes needs node counts from 1 to 16, e.g. --nodes 1,2');
  if (!['postgres', 'redis', 'both'].includes(ADAPTER_CHOICE)) throw new Error('--adapter needs postgres, redis or both');
  const adapters: BenchAdapter[] = ADAPTER_CHOICE === 'both' ? ['postgres', 'redis'] : [ADAPTER_CHOICE as BenchAdapter];
  const pacing = THINK_MS > 0 ? `think ${THINK_MS} ms before each move` : 'no think time (as fast as the throttle allows)';
  console.log(`bench:rooms --nodes (${ROOMS} rooms, ${ROOMS * 2} bot clients through nginx; ${pacing}; server throttle ${EVENTS_PER_SECOND}/s, bot gap ${GAP_MS} ms; PostgreSQL with fsync on)`);
  const nodeArgs = ['--countdown-tick-ms', String(COUNTDOWN_TICK_MS), '--max-s', String(Math.ceil(TIMEOUT_MS / 1000) + 120), '--events-per-second', String(EVENTS_PER_SECOND)];
  const results: { adapter: BenchAdapter; nodes: number; report: Report }[] = [];
  let failed = false;
  for (const adapter of adapters) {
    for (const nodes of counts) {
      const title = `${nodes} node${nodes > 1 ? 's' : ''} behind nginx on PostgreSQL, ${adapter} adapter (CPU: nodes + PostgreSQL + nginx${adapter === 'redis' ? ' + redis' : ''})`;
      try {
        const report = await measure(() => new BenchCluster(nodes, adapter, nodeArgs));
        print(title, report);
        results.push({ adapter, nodes, report });
        failed ||= report.roomsCompleted !== ROOMS || report.timedOut || report.errors.count > 0;
      } catch (error) {
        console.log(`${title}\n  FAILED: ${error instanceof Error ? error.message : String(error)}`);
        failed = true;
      }
    }
  }
  console.log("CPU per move against one node's (target: 2 nodes at most 1.2×)");
  for (const adapter of adapters) {
    const one = results.find((r) => r.adapter === adapter && r.nodes === 1)?.report.server?.cpuMicrosPerMove;
    for (const { nodes, report } of results.filter((r) => r.adapter === adapter)) {
      const perMove = report.server?.cpuMicrosPerMove;
      const ratio = one && perMove ? Number((perMove / one).toFixed(2)) : null;
      const verdict = nodes === 2 && ratio !== null ? (ratio <= NODES_TARGET ? ' (target ≤ 1.2×: met)' : ' (target ≤ 1.2×: NOT met)') : '';
      console.log(`  ${adapter.padEnd(9)} ${String(nodes).padStart(2)} node(s)  ${String(perMove ?? '-').padStart(6)} µs/move  ${ratio ?? '-'}×${verdict}  p99 ${report.moveRttMs.p99} ms  ${report.movesPerSecond} moves/s`);
    }
  }
  if (JSON_OUTPUT) console.log(JSON.stringify({ nodes: results, settings: SETTINGS }));
  return failed ? 1 : 0;
}

/** `--spectators N`: one room of the game server watched by N spectators. */
async function spectatorsMain(): Promise<number> {
  const server = startServer('game');
  const killOnExit = () => server.kill();
  process.once('exit', killOnExit);
  try {
    const started = await server.request<{ url: string }>('ready', undefined, START_TIMEOUT_MS);
    if (!started) throw new Error(`the server process exited or did not start within ${START_TIMEOUT_MS / 1000} s`);
    const report = await measureSpectators(server, started.url, { spectators: SPECTATORS, timeoutMs: Math.min(TIMEOUT_MS, 30_000), batch: SETUP_CONCURRENCY, gapMs: GAP_MS });
    printSpectators(report);
    if (JSON_OUTPUT) console.log(JSON.stringify({ spectators: report, settings: SETTINGS }));
    return 0;
  } catch (error) {
    console.log(`spectators\n  FAILED: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await server.stop();
    process.off('exit', killOnExit);
  }
}

async function main(): Promise<number> {
  if (NODES) return nodesMain();
  if (SPECTATORS > 0) return spectatorsMain();
  if (SERVER_CHOICE !== 'game' && SERVER_CHOICE !== 'relay' && SERVER_CHOICE !== 'both') throw new Error('--server needs game, relay or both');
  const kinds: ServerKind[] = SERVER_CHOICE === 'both' ? ['game', 'relay'] : [SERVER_CHOICE];
  const pacing = THINK_MS > 0 ? `think ${THINK_MS} ms before each move` : 'no think time (as fast as the throttle allows)';
  const rounds = ROUNDS > 1 ? `; ${ROUNDS} rounds of ${kinds.join(' then ')}` : '';
  console.log(`bench:rooms (${ROOMS} rooms, ${ROOMS * 2} bot clients over loopback, ${kinds.join(' then ')} in a process of its own; ${pacing}; server throttle ${EVENTS_PER_SECOND}/s, bot gap ${GAP_MS} ms, countdown tick ${COUNTDOWN_TICK_MS} ms${rounds})`);
  const all: Partial<Record<ServerKind, Report>>[] = [];
  const comparisons: Comparison[] = [];
  let passed = true;
  for (let round = 1; round <= ROUNDS; round++) {
    if (ROUNDS > 1) console.log(`round ${round} of ${ROUNDS}`);
    const reports: Partial<Record<ServerKind, Report>> = {};
    for (const kind of kinds) {
      // A server that cannot run (say, the game server mid-rewrite) does not keep the other from being measured.
      try {
        reports[kind] = await measure(kind);
        print(kind, reports[kind]);
      } catch (error) {
        console.log(`${SERVERS[kind].title}\n  FAILED: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const { game, relay } = reports;
    if (game && relay) {
      const comparison = compare(game, relay);
      comparisons.push(comparison);
      console.log(`game server against the relay${ROUNDS > 1 ? ` (round ${round})` : ''} (same bots, rooms and pacing; against the targets)`);
      printComparison(game, relay, comparison);
    }
    all.push(reports);
    passed &&= kinds.every((kind) => reports[kind] && complete(reports[kind]));
  }
  const overRounds = ROUNDS > 1 && comparisons.length === ROUNDS ? compareRounds(comparisons) : undefined;
  if (overRounds) {
    console.log(`game server against the relay over ${ROUNDS} rounds (the verdict reads the median of the rounds' ratios)`);
    printRounds(overRounds);
  }
  if (JSON_OUTPUT) {
    const last = all.at(-1) ?? {};
    console.log(JSON.stringify({ ...last, comparison: overRounds ?? comparisons.at(-1), rounds: ROUNDS > 1 ? all : undefined, settings: { ...SETTINGS, rounds: ROUNDS } }));
  }
  return passed ? 0 : 1;
}

/** A run that played every room to the end, in time and without errors. */
const complete = (r: Report) => r.roomsCompleted === ROOMS && !r.timedOut && r.errors.count === 0;

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
