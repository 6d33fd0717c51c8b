/**
 * `npm run bench:api [-- --seconds 5 --clients 10 --rooms 60 --rounds 3 --think-ms 150 --json]`: the real
 * server (`npm start`'s: the embedded database, PostgREST) in a process of its own on a seeded database
 * (EMBEDDED_DATABASE=pglite for PGlite).
 *
 * 1. Each leaderboard read of SPEC §7 (Game Results, the names they show, High Scores) and the ELO
 *    rpc, by `clients` closed-loop clients for `seconds`: requests per second, p50 and p99.
 * 2. The game server's move round-trip: `rooms` rooms of two bots play whole 6×6 games (a think
 *    time before each move), alone, then again while `clients` clients hammer those reads.
 *    The game's p99 should grow at most 20 % under that load.
 *
 * 3. What durability costs: committed inserts one after another (as scores arrive) into embedded
 *    PGlite on disk with fsync on, as the server runs it, and with fsync off.
 *
 * A benchmark, not a test: this machine is shared, so figures vary from run to run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { createKeys } from '../server/src/auth/keys';
import { startPglite } from '../server/src/db/pglite';
import { freePort } from '../server/src/db/postgres-cluster';
import { lowPriority } from '../server/src/low-priority';
import { runLoad, type LoadOptions, type LoadResult } from './bench/api-load';
import { option } from './bench/options';
import { random } from './bench/random';
import { playRoom, setUpRoom, type BenchErrors, type RoomRunOptions } from './bench/rooms-bot';
import { median, quantile } from './bench/stats';

const SECONDS = option('seconds', 5);
const CLIENTS = Math.floor(option('clients', 10));
const ROOMS = Math.floor(option('rooms', 60));
const ROUNDS = Math.max(1, Math.floor(option('rounds', 3)));
const THINK_MS = option('think-ms', 150);
const JSON_OUTPUT = process.argv.includes('--json');
const SECRET = 'bench-api-secret-bench-api-secret-bench-api';
const root = fileURLToPath(new URL('..', import.meta.url));

const READS = {
  'game results': '/rest/v1/game_results?select=*&order=created_at.desc&limit=50',
  'result names': '/rest/v1/profiles?select=id,username&id=in.(NAMES)',
  'high scores': '/rest/v1/game_scores?select=*&opponent_type=eq.ai&status=eq.verified&order=ai_difficulty.desc,score.desc&limit=50',
  'elo rpc': '/rest/v1/rpc/get_elo_leaderboard?limit_rows=50',
};

/** The server as `npm run serve` runs it; resolves once it listens. */
async function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', 'server/src/index.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Cell Connection at') && resolve());
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return child;
}

/** Players, AI scores, rated results and ratings, written as the database owner through the server's socket. */
async function seed(dataDir: string): Promise<string[]> {
  // The embedded PostgreSQL's socket is in its folder; PGlite's beside it.
  const host = existsSync(join(dataDir, 'postgres', 'PG_VERSION')) ? join(dataDir, 'postgres') : dataDir;
  const db = new pg.Client({ host, user: 'postgres', database: 'postgres' });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, raw_user_meta_data)
       select 'player' || g || '@example.com', 'x', jsonb_build_object('username', 'Player ' || g) from generate_series(1, 200) g returning id`,
    );
    const ids = rows.map((row) => row.id);
    // Verified as if replayed: the triggers (which make a new score pending) are off for the seed.
    await db.query('alter table public.game_scores disable trigger user');
    await db.query(
      `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, ai_difficulty, game_id, record, status)
       select ($1::uuid[])[1 + g % 200], 'Player', 1 + (g * 7919) % 729, (g * 104729) % 729, 6, 'connection', 'ai',
              (array['easy','medium','hard','expert'])[1 + g % 4], 'seed-' || g, 'seed-' || g, 'verified'
       from generate_series(1, 5000) g`,
      [ids],
    );
    await db.query('alter table public.game_scores enable trigger user');
    await db.query(
      `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism, board_size,
         created_at, player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after)
       select ($1::uuid[])[1 + g % 200], ($1::uuid[])[1 + (g + 1) % 200], 20, 10, ($1::uuid[])[1 + g % 200], 'connection', 6,
              now() - make_interval(mins => g), 1200, 1220, 1200, 1180
       from generate_series(1, 2000) g`,
      [ids],
    );
    await db.query('update public.profiles set games_played = 10, games_won = 5, elo_rating = 1000 + (hashtext(id::text) & 1023)');
    return ids;
  } finally {
    await db.end();
  }
}

async function load(options: LoadOptions, seconds: number): Promise<LoadResult> {
  let stop = false;
  const timer = setTimeout(() => (stop = true), seconds * 1000);
  const result = await runLoad(options, () => stop);
  clearTimeout(timer);
  return result;
}

interface Played {
  rtts: number[];
  errors: BenchErrors;
}

/** Rooms of two bots playing whole games; the move round-trips. */
async function games(url: string, seed: number): Promise<Played> {
  const errors: BenchErrors = { count: 0, first: [] };
  const sockets: Socket[] = [];
  const opts: RoomRunOptions = { url, minGapMs: 63, thinkMs: THINK_MS, ackTimeoutMs: 10_000, random: random(seed), rtts: [], moves: { requested: 0 }, errors, sockets };
  try {
    const rooms = (await Promise.all(Array.from({ length: ROOMS }, (_, n) => setUpRoom(opts, n)))).filter((room) => room !== undefined);
    const never = new Promise<void>(() => undefined);
    await Promise.all(rooms.map((room, n) => playRoom(room, n, errors, never)));
  } finally {
    for (const socket of sockets) {
      socket.removeAllListeners('disconnect');
      socket.disconnect();
    }
  }
  return { rtts: opts.rtts, errors };
}

/** Sequential committed inserts into PGlite on disk: commits per second and the median commit. */
async function commits(durable: boolean, count = 300): Promise<{ perSecond: number; p50Ms: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-commits-'));
  const embedded = await startPglite({ dataDir, durable });
  const db = new pg.Client({ host: embedded.socketDir, user: 'postgres', database: 'postgres' });
  try {
    await db.connect();
    await db.query('create table ledger (id serial primary key, entry text not null)');
    const times: number[] = [];
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const sent = performance.now();
      await db.query('insert into ledger (entry) values ($1)', [`score ${i}`]);
      times.push(performance.now() - sent);
    }
    return { perSecond: count / ((performance.now() - start) / 1000), p50Ms: median(times) };
  } finally {
    await db.end().catch(() => undefined);
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-api-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer(dataDir, port);
  const r = (x: number, digits = 1) => Number(x.toFixed(digits));
  try {
    const ids = await seed(dataDir);
    const { anonKey } = await createKeys(SECRET);
    const names = ids.slice(0, 20).join(',');
    const paths = Object.fromEntries(Object.entries(READS).map(([name, path]) => [name, path.replace('NAMES', names)]));

    const reads: Record<string, { requestsPerSecond: number; p50Ms: number; p99Ms: number; statuses: Record<string, number> }> = {};
    for (const [name, path] of Object.entries(paths)) {
      await load({ url, anonKey, clients: CLIENTS, paths: [path] }, 1); // warm-up
      const result = await load({ url, anonKey, clients: CLIENTS, paths: [path] }, SECONDS);
      reads[name] = { requestsPerSecond: r(result.requests / result.seconds), p50Ms: r(median(result.latenciesMs), 2), p99Ms: r(quantile(result.latenciesMs, 0.99), 2), statuses: result.statuses };
    }

    await games(url, 0); // warm-up: the game server's code paths compiled before any measurement
    // Alone and hammered, ROUNDS times each, alternating: the p99 of a couple of thousand moves
    // moves with the machine's other work, so the growth compares the medians of the runs.
    const alone: Played[] = [];
    const hammered: { played: Played; reads: LoadResult }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      alone.push(await games(url, 1 + 2 * round));
      const load: LoadOptions = { url, anonKey, clients: CLIENTS, paths: Object.values(paths) };
      const [command, args] = lowPriority(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'bench', 'api-load.ts')]);
      const hammer = spawn(command, args, { cwd: root, env: { ...process.env, API_LOAD: JSON.stringify(load) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      await new Promise((resolve) => hammer.once('message', resolve)); // loading: its start-up is over
      const played = await games(url, 2 + 2 * round);
      const reads = new Promise<LoadResult>((resolve) => hammer.once('message', (result) => resolve(result as LoadResult)));
      hammer.send('stop');
      hammered.push({ played, reads: await reads });
    }

    const p99 = (played: Played) => quantile(played.rtts, 0.99);
    /** The run whose p99 is the median of the runs'. */
    const middle = (runs: Played[]) => [...runs].sort((a, b) => p99(a) - p99(b))[(runs.length - 1) >> 1]!;
    const quiet = middle(alone);
    const busy = middle(hammered.map((run) => run.played));
    const hammer = hammered.find((run) => run.played === busy)!.reads;
    const p99Quiet = p99(quiet);
    const p99Busy = p99(busy);
    const summary = (played: Played) => ({ moves: played.rtts.length, p50Ms: r(median(played.rtts), 2), p99Ms: r(p99(played), 2), errors: played.errors.count });
    const report = {
      reads,
      game: {
        alone: summary(quiet),
        underLeaderboardLoad: summary(busy),
        allRunsP99Ms: { alone: alone.map((run) => r(p99(run), 2)), underLeaderboardLoad: hammered.map((run) => r(p99(run.played), 2)) },
        p99GrowthPercent: r((100 * (p99Busy - p99Quiet)) / p99Quiet),
        leaderboardLoad: { requestsPerSecond: r(hammer.requests / hammer.seconds), p99Ms: r(quantile(hammer.latenciesMs, 0.99), 2), statuses: hammer.statuses },
      },
      settings: { seconds: SECONDS, clients: CLIENTS, rooms: ROOMS, rounds: ROUNDS, thinkMs: THINK_MS },
    };
    console.log(`bench:api (real server, embedded ${existsSync(join(dataDir, 'postgres')) ? 'PostgreSQL' : 'PGlite'}, PostgREST; ${CLIENTS} closed-loop clients, ${SECONDS} s per read)`);
    for (const [name, read] of Object.entries(reads)) {
      console.log(`  ${name.padEnd(14)} ${String(read.requestsPerSecond).padStart(7)} req/s   p50 ${read.p50Ms} ms   p99 ${read.p99Ms} ms   ${JSON.stringify(read.statuses)}`);
    }
    const g = report.game;
    console.log(`  game moves alone            ${g.alone.moves} moves, p50 ${g.alone.p50Ms} ms, p99 ${g.alone.p99Ms} ms (${ROOMS} rooms, think ${THINK_MS} ms; median of ${ROUNDS} runs: ${g.allRunsP99Ms.alone.join(', ')} ms)`);
    console.log(`  game moves, reads hammered  ${g.underLeaderboardLoad.moves} moves, p50 ${g.underLeaderboardLoad.p50Ms} ms, p99 ${g.underLeaderboardLoad.p99Ms} ms; the reads meanwhile: ${g.leaderboardLoad.requestsPerSecond} req/s, p99 ${g.leaderboardLoad.p99Ms} ms ${JSON.stringify(g.leaderboardLoad.statuses)} (runs: ${g.allRunsP99Ms.underLeaderboardLoad.join(', ')} ms)`);
    console.log(`  game p99 growth under load  ${g.p99GrowthPercent} % (target: at most 20 %)`);
    const [withFsync, withoutFsync] = [await commits(true), await commits(false)];
    console.log(`  PGlite's durable commits    fsync on ${r(withFsync.perSecond)} commits/s (p50 ${r(withFsync.p50Ms, 2)} ms); fsync off ${r(withoutFsync.perSecond)} commits/s (p50 ${r(withoutFsync.p50Ms, 2)} ms)`);
    const errors = [...alone, ...hammered.map((run) => run.played)].flatMap((run) => run.errors.first);
    if (errors.length > 0) console.log(`  errors: ${errors.join('; ')}`);
    if (JSON_OUTPUT) console.log(JSON.stringify({ ...report, commits: { fsyncOn: withFsync, fsyncOff: withoutFsync } }));
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
