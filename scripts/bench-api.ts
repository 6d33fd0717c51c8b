/**
 * `npm run bench:api [-- --hostile | --no-hostile] [--database postgres|pglite] [--seconds 5 --clients 10
 * --rooms 60 --rounds 3 --think-ms 150 --hostile-clients 10 --hostile-seconds 30 --json]`
 *
 * The real server (`npm run serve`'s: the embedded database, PostgREST, the HTTP edge) in a process
 * of its own, once on the embedded PostgreSQL and once on PGlite (EMBEDDED_DATABASE), each on a fresh
 * seeded DATA_DIR. It trusts loopback as its reverse proxy (TRUST_PROXY=127.0.0.1), and every client
 * below names its own address in X-Forwarded-For, as players and strangers on their own networks
 * would: the data API's share per address (rest-limits.ts) then meets each as it would meet them.
 * Non-200 answers are always counted and printed, so that a limit is never mistaken for speed.
 *
 * 1. Each leaderboard read of SPEC §7 (Game Results, the names they show, High Scores) and the ELO
 *    rpc, by `clients` closed-loop clients for `seconds`: requests per second, p50 and p99. Each
 *    client stands for a crowd, its requests from 16 addresses in turn (one address would be held to
 *    20 requests a second).
 * 2. The game server's move round-trip: `rooms` rooms of two bots play whole 6×6 games over real
 *    sockets (a think time before each move), alone, then while `clients` clients hammer those reads.
 *    The game's p99 should grow at most 20 %. The CPU seconds of each of the server's processes
 *    while the rooms play are printed (scripts/bench/process-cpu.ts).
 *    Hostile: once the rooms are set up, `hostile-clients` anonymous strangers, each from one address,
 *    send in a closed loop the costliest reads the edge lets through (scripts/bench/hostile-reads.ts:
 *    each read probed alone first, the costliest of them sent as a mix) while the rooms play, for at
 *    most `hostile-seconds`. A move (or a game's start) not acknowledged within 10 s counts with its
 *    wait, as does one still waiting at the end. Target: a move acknowledged within 1 s (p99) while
 *    they run; a target missed is printed, not a failure. Printed beside it: what the strangers got
 *    (statuses, and codes such as 57014, the statement time-out), the CPU seconds of each of the
 *    server's processes meanwhile, and how often the database's supervisor killed it.
 *    The runs alternate (alone, hammered, hostile) `rounds` times; each figure is the median run's.
 * 3. What durability costs: committed inserts one after another into the embedded PostgreSQL as the
 *    server runs it (fsync on), and into PGlite with fsync on and off (scripts/bench/commits.ts).
 *
 * `--hostile`: only the probe and the games alone and under hostile reads. `--no-hostile`: without
 * them. `--database`: one of the two. `--json`: one more line, a JSON object of every figure. The
 * whole default run takes about 5 minutes.
 *
 * A benchmark, not a test: this machine is shared, so figures vary from run to run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKeys } from '../server/src/auth/keys';
import { freePort } from '../server/src/db/postgres-cluster';
import { runLoad, type LoadOptions, type LoadResult } from './bench/api-load';
import { background, games, middle, p99, round, summary, type Played } from './bench/api-games';
import { seed, startServer, type EmbeddedDatabase } from './bench/api-server';
import { commits, type Commits } from './bench/commits';
import { hostileMix, probeHostileReads, untilAnswering } from './bench/hostile-reads';
import { hostileRun, type HostileRun } from './bench/hostile-run';
import { option, textOption } from './bench/options';
import { cpuBetween, cpuSnapshot } from './bench/process-cpu';
import { median, quantile } from './bench/stats';

const SECONDS = option('seconds', 5);
const CLIENTS = Math.floor(option('clients', 10));
const ROOMS = Math.floor(option('rooms', 60));
const ROUNDS = Math.max(1, Math.floor(option('rounds', 3)));
const THINK_MS = option('think-ms', 150);
const HOSTILE_CLIENTS = Math.floor(option('hostile-clients', 10));
const HOSTILE_SECONDS = option('hostile-seconds', 30);
const HOSTILE_ONLY = process.argv.includes('--hostile');
const HOSTILE = !process.argv.includes('--no-hostile');
const JSON_OUTPUT = process.argv.includes('--json');
const ONE_DATABASE = textOption('database');
if (ONE_DATABASE !== undefined && ONE_DATABASE !== 'postgres' && ONE_DATABASE !== 'pglite') throw new Error('--database is postgres or pglite');
const DATABASES: EmbeddedDatabase[] = ONE_DATABASE ? [ONE_DATABASE] : ['postgres', 'pglite'];
/** Each leaderboard client's addresses: 16 × 20 requests a second, well above what one client sends (about 150 a second here). */
const ADDRESSES_PER_CLIENT = 16;
/** A move acknowledged within this (p99) while the hostile clients run. */
const TARGET_MS = 1000;
const SECRET = 'bench-api-secret-bench-api-secret-bench-api';
const NAME: Record<EmbeddedDatabase, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };

/** The page's reads (src/services), exact scores cast to text as it asks for them. */
const READS = {
  'game results':
    '/rest/v1/game_results?select=id,player1_id,player2_id,player1_score::text,player2_score::text,winner_id,scoring_mechanism,board_size,created_at,' +
    'player1_elo_before,player1_elo_after,player2_elo_before,player2_elo_after&order=created_at.desc&limit=50',
  'result names': '/rest/v1/profiles?select=id,username&id=in.(NAMES)',
  'high scores': '/rest/v1/game_scores?select=id,username,ai_difficulty,score::text,opponent_score::text&opponent_type=eq.ai&status=eq.verified&order=ai_difficulty.desc,score.desc&limit=50',
  'elo rpc': '/rest/v1/rpc/get_elo_leaderboard?limit_rows=50',
};

async function load(options: LoadOptions, seconds: number): Promise<LoadResult> {
  let stop = false;
  const timer = setTimeout(() => (stop = true), seconds * 1000);
  const result = await runLoad(options, () => stop);
  clearTimeout(timer);
  return result;
}

const nonOk = (statuses: Record<string, number>) => Object.entries(statuses).reduce((sum, [status, n]) => sum + (status === '200' ? 0 : n), 0);
const loadSummary = (result: LoadResult) => ({
  requestsPerSecond: round(result.requests / result.seconds),
  p50Ms: round(median(result.latenciesMs), 2),
  p99Ms: round(quantile(result.latenciesMs, 0.99), 2),
  non200: nonOk(result.statuses),
  statuses: result.statuses,
});
const runsP99 = (runs: Played[]) => runs.map((run) => round(p99(run), 2));
const movesLine = (label: string, runs: Played[]) => {
  const s = summary(middle(runs));
  return `    ${label.padEnd(27)} ${s.moves} moves${s.unanswered ? ` + ${s.unanswered} never acknowledged` : ''}, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms (runs' p99: ${runsP99(runs).join(', ')} ms)`;
};

/** CPU seconds of each of the server's processes while the rooms played (the bench's own processes are not in it). */
const cpuLine = (cpu: Record<string, number>) => {
  const parts = Object.entries(cpu).filter(([part, seconds]) => part !== 'seconds' && seconds > 0);
  return `      CPU seconds of the server's processes in those ${cpu.seconds} s: ${parts.map(([part, seconds]) => `${part} ${seconds}`).join(', ')}`;
};

/** Section 1: each leaderboard read alone, by every client. */
async function leaderboardReads(leaderboard: LoadOptions, paths: Record<string, string>) {
  console.log(`  1. leaderboard reads: ${CLIENTS} closed-loop clients (${ADDRESSES_PER_CLIENT} addresses each), ${SECONDS} s per read`);
  const reads: Record<string, ReturnType<typeof loadSummary>> = {};
  for (const [name, path] of Object.entries(paths)) {
    await load({ ...leaderboard, paths: [path] }, 1); // warm-up
    const read = (reads[name] = loadSummary(await load({ ...leaderboard, paths: [path] }, SECONDS)));
    console.log(`    ${name.padEnd(14)} ${String(read.requestsPerSecond).padStart(7)} req/s   p50 ${read.p50Ms} ms   p99 ${read.p99Ms} ms   non-200: ${read.non200} ${JSON.stringify(read.statuses)}`);
  }
  return reads;
}

/** The hostile reads, each alone: what each costs on this database, and the strangers' mix. */
async function probe(url: string, anonKey: string) {
  console.log("  hostile reads, each alone from a stranger's address:");
  const probed = await probeHostileReads(url, anonKey);
  for (const read of probed) console.log(`    ${read.name.padEnd(24)} ${String(Math.round(read.ms)).padStart(6)} ms   ${read.status}${read.code ? ` ${read.code}` : ''}`);
  const mix = hostileMix(probed);
  console.log(`    the strangers' mix (the costliest the edge let through): ${mix.join('; ')}`);
  return { probed: probed.map((read) => ({ ...read, ms: round(read.ms) })), mix };
}

/** Sections 1 and 2 on one embedded database, printed as they finish. */
async function benchDatabase(database: EmbeddedDatabase) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-api-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer(database, dataDir, port, SECRET);
  const report: Record<string, unknown> = {};
  try {
    const ids = await seed(dataDir);
    const startUpLines = server.log.length; // what it said while starting: not the bench's business
    const { anonKey } = await createKeys(SECRET);
    const paths = Object.fromEntries(Object.entries(READS).map(([name, path]) => [name, path.replace('NAMES', ids.slice(0, 20).join(','))]));
    const leaderboard: LoadOptions = { url, anonKey, clients: CLIENTS, paths: Object.values(paths), addressesPerClient: ADDRESSES_PER_CLIENT };
    console.log(`embedded ${NAME[database]}`);
    if (!HOSTILE_ONLY) report.reads = await leaderboardReads(leaderboard, paths);
    const hostileReads = HOSTILE ? await probe(url, anonKey) : undefined;

    const game = (seed: number) => ({ url, rooms: ROOMS, thinkMs: THINK_MS, seed });
    await games(game(0)); // warm-up: the game server's code paths compiled before any measurement
    const alone: Played[] = [];
    const hammered: { played: Played; reads: LoadResult; cpu: Record<string, number> }[] = [];
    const hostile: HostileRun[] = [];
    for (let n = 0; n < ROUNDS; n++) {
      await untilAnswering(url, anonKey);
      alone.push(await games(game(1 + 3 * n)));
      if (!HOSTILE_ONLY) {
        const hammer = await background<LoadResult>('api-load.ts', 'API_LOAD', leaderboard);
        let before = cpuSnapshot(server.child.pid!);
        const played = await games({ ...game(2 + 3 * n), beforePlay: async () => void (before = cpuSnapshot(server.child.pid!)) });
        const cpu = { ...cpuBetween(before, cpuSnapshot(server.child.pid!)), seconds: round(played.seconds) };
        hammered.push({ played, reads: await hammer.stop(), cpu });
      }
      if (hostileReads && hostileReads.mix.length > 0) {
        await untilAnswering(url, anonKey); // a database its supervisor killed is back
        const strangers = { url, anonKey, clients: HOSTILE_CLIENTS, reads: hostileReads.mix };
        hostile.push(await hostileRun({ ...game(3 + 3 * n), deadlineMs: HOSTILE_SECONDS * 1000 }, strangers, server.child.pid!));
      }
    }

    console.log(`  2. game moves: ${ROOMS} rooms of two bots, think ${THINK_MS} ms, median of ${ROUNDS} runs`);
    const quiet = middle(alone);
    const game2: Record<string, unknown> = { alone: summary(quiet), allRunsP99Ms: { alone: runsP99(alone) } };
    console.log(movesLine('alone', alone));
    if (hammered.length > 0) {
      const runs = hammered.map((run) => run.played);
      const busy = middle(runs);
      const run = hammered.find((one) => one.played === busy)!;
      const reads = loadSummary(run.reads);
      const growth = round((100 * (p99(busy) - p99(quiet))) / p99(quiet));
      Object.assign(game2, { underLeaderboardLoad: summary(busy), p99GrowthPercent: growth, leaderboardLoad: { ...reads, cpuSeconds: run.cpu } });
      Object.assign(game2.allRunsP99Ms as object, { underLeaderboardLoad: runsP99(runs) });
      console.log(movesLine('leaderboard reads hammered', runs));
      console.log(`      the reads meanwhile: ${reads.requestsPerSecond} req/s, p99 ${reads.p99Ms} ms, non-200: ${reads.non200} ${JSON.stringify(reads.statuses)}`);
      console.log(cpuLine(run.cpu));
      console.log(`    p99 growth under leaderboard load: ${growth} % (target: at most 20 %)`);
    }
    if (hostile.length > 0) {
      const runs = hostile.map((run) => run.played);
      const busy = middle(runs);
      const { reads, cpu } = hostile.find((run) => run.played === busy)!;
      const p99Ms = round(p99(busy), 2);
      const met = p99Ms <= TARGET_MS;
      const strangers = { clients: HOSTILE_CLIENTS, answersPerSecond: round(reads.requests / reads.seconds, 2), p50Ms: round(median(reads.latenciesMs)), statuses: reads.statuses, codes: reads.codes };
      Object.assign(game2, { underHostileReads: summary(busy), hostileTarget: { p99Ms: TARGET_MS, met }, hostile: { ...hostileReads, strangers, cpuSeconds: cpu } });
      Object.assign(game2.allRunsP99Ms as object, { underHostileReads: runsP99(runs) });
      console.log(movesLine(`${HOSTILE_CLIENTS} hostile clients`, runs));
      console.log(`      the strangers got: ${strangers.answersPerSecond} answers/s, p50 ${strangers.p50Ms} ms; statuses ${JSON.stringify(reads.statuses)}; codes ${JSON.stringify(reads.codes)}`);
      console.log(cpuLine(cpu));
      console.log(`    target, a move acknowledged within ${TARGET_MS} ms (p99) under hostile reads: ${met ? 'met' : 'NOT met'} (p99 ${p99Ms} ms; without them ${round(p99(quiet), 2)} ms)`);
    }
    report.game = game2;
    const errors = [...alone, ...hammered.map((run) => run.played), ...hostile.map((run) => run.played)].flatMap((run) => run.errors.first);
    if (errors.length > 0) console.log(`    bots' errors (the first): ${errors.slice(0, 4).join('; ')}`);
    const log = server.log.slice(startUpLines);
    const kills = log.filter((line) => line.includes('did not answer within')).length;
    const distinct = [...new Set(log.map((line) => line.slice(0, 160)))];
    report.serverLog = { lines: log.length, databaseKilledBySupervisor: kills, first: distinct.slice(0, 5) };
    if (log.length > 0) console.log(`    server log: ${log.length} lines; the database killed by its supervisor ${kills} times; the first: ${distinct.slice(0, 3).join(' | ')}`);
    return report;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:api: the real server and PostgREST, TRUST_PROXY=127.0.0.1, each client its own X-Forwarded-For; ${CLIENTS} leaderboard clients${HOSTILE ? `, ${HOSTILE_CLIENTS} hostile clients` : ''}`,
  );
  const databases: Partial<Record<EmbeddedDatabase, Record<string, unknown>>> = {};
  for (const database of DATABASES) databases[database] = await benchDatabase(database);

  let durable: Record<string, Commits> | undefined;
  if (!HOSTILE_ONLY) {
    durable = { postgres: await commits('postgres'), pgliteFsyncOn: await commits('pglite'), pgliteFsyncOff: await commits('pglite, fsync off') };
    console.log('3. committed inserts one after another, each database fresh on disk:');
    const line = (name: string, c: Commits) => console.log(`    ${name.padEnd(20)} ${String(round(c.perSecond)).padStart(7)} commits/s   p50 ${round(c.p50Ms, 2)} ms   (${c.settings})`);
    line('embedded PostgreSQL', durable.postgres!);
    line('PGlite, fsync on', durable.pgliteFsyncOn!);
    line('PGlite, fsync off', durable.pgliteFsyncOff!);
  }
  if (HOSTILE) {
    const verdicts = DATABASES.map((database) => {
      const game = databases[database]?.game as { underHostileReads?: { p99Ms: number }; hostileTarget?: { met: boolean } } | undefined;
      return `${NAME[database]} ${game?.hostileTarget ? `${game.hostileTarget.met ? 'met' : 'NOT met'} (p99 ${game.underHostileReads!.p99Ms} ms)` : 'not measured'}`;
    });
    console.log(`target, a move acknowledged within ${TARGET_MS} ms (p99) while ${HOSTILE_CLIENTS} hostile clients run: ${verdicts.join('; ')}`);
  }
  if (JSON_OUTPUT) {
    const settings = { seconds: SECONDS, clients: CLIENTS, rooms: ROOMS, rounds: ROUNDS, thinkMs: THINK_MS, hostileClients: HOSTILE_CLIENTS, hostileSeconds: HOSTILE_SECONDS, addressesPerClient: ADDRESSES_PER_CLIENT };
    console.log(JSON.stringify({ databases, commits: durable, settings }));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
