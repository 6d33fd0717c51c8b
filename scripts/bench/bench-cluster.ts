/**
 * Several game nodes for `npm run bench:rooms -- --nodes 1,2`: a PostgreSQL cluster
 * (fsync on: every move durable), redis-server with the redis adapter, N node processes
 * (rooms-server.ts with --database-url) and Debian's nginx in front of them, which the bots go
 * through. Driven as one server process is (server-process.ts: `ready`, `reset`, `stats`, `stop`),
 * so bench-rooms.ts measures it with the same code. Its CPU is summed over every process that
 * serves the game: the nodes, PostgreSQL (the postmaster and its backends), nginx (master and
 * workers) and redis.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startNginx, type RunningNginx } from '../../server/src/cluster/nginx';
import { startRedis, type RunningRedis } from '../../server/src/cluster/redis';
import { migrate } from '../../server/src/db/migrate';
import { connectPool } from '../../server/src/db/pool';
import { freePort, startPostgresCluster, type PostgresCluster } from '../../server/src/db/postgres-cluster';
import type { ServerStats } from './rooms-protocol';
import { ServerProcess } from './server-process';

export type BenchAdapter = 'postgres' | 'redis';

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** pid → (parent pid, CPU seconds) for every process, from /proc. */
function processes(): Map<number, { ppid: number; cpu: number; cmdline: string }> {
  const all = new Map<number, { ppid: number; cpu: number; cmdline: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      all.set(Number(entry), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS, cmdline });
    } catch {
      // It ended while being read.
    }
  }
  return all;
}

/** The CPU seconds of each process in the trees under `roots`. */
function treeCpu(roots: (all: ReturnType<typeof processes>) => number[]): Map<number, number> {
  const all = processes();
  const tree = new Set(roots(all));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, p] of all) {
      if (!tree.has(pid) && tree.has(p.ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return new Map([...tree].map((pid) => [pid, all.get(pid)?.cpu ?? 0]));
}

export class BenchCluster {
  private nodes: ServerProcess[] = [];
  private postgres: PostgresCluster | null = null;
  private dataDir: string | null = null;
  private nginx: RunningNginx | null = null;
  private redis: RunningRedis | null = null;
  private readonly started: Promise<{ url: string } | undefined>;
  private helpersAtReset = new Map<number, number>();
  private resetAt = performance.now();

  constructor(
    private readonly count: number,
    private readonly adapter: BenchAdapter,
    private readonly nodeArgs: string[],
  ) {
    this.started = this.start().catch((error: unknown) => {
      console.error(`the cluster did not start: ${(error as Error).message}`);
      return undefined;
    });
  }

  private async start(): Promise<{ url: string }> {
    this.dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-nodes-'));
    // PostgreSQL runs as its own user (as root: postgres), which must reach the folder inside.
    chmodSync(this.dataDir, 0o755);
    this.postgres = await startPostgresCluster({ dataDir: join(this.dataDir, 'pg') });
    const url = this.postgres.url('postgres');
    const db = await connectPool(url, { kind: 'postgres', description: 'bench:rooms PostgreSQL' });
    await migrate(db).finally(() => db.close());
    if (this.adapter === 'redis') this.redis = await startRedis();
    const args = [...this.nodeArgs, '--database-url', url, '--adapter', this.adapter, ...(this.redis ? ['--redis-url', this.redis.url] : [])];
    this.nodes = Array.from({ length: this.count }, (_, i) => ServerProcess.start('rooms-server.ts', [...args, '--node-id', `node-${i + 1}`], `node-${i + 1}`));
    const ready = await Promise.all(this.nodes.map((node) => node.request<{ url: string }>('ready', undefined, 60_000)));
    const ports = ready.map((r, i) => {
      if (!r) throw new Error(`node-${i + 1} did not start`);
      return Number(new URL(r.url).port);
    });
    this.nginx = await startNginx({ port: await freePort(), upstreams: ports, nodeIds: ports.map((_, i) => `node-${i + 1}`) });
    return { url: this.nginx.url.replace('localhost', '127.0.0.1') };
  }

  /** The processes that serve the game beside the nodes: PostgreSQL, nginx, redis. */
  private helperCpu(): Map<number, number> {
    const port = this.postgres?.port;
    return treeCpu((all) => {
      const roots: number[] = [];
      for (const [pid, p] of all) {
        const postmaster = port !== undefined && p.cmdline.includes('/bin/postgres\0') && p.cmdline.includes(`-p\0${port}\0`);
        if (postmaster || pid === this.nginx?.pid || pid === this.redis?.pid) roots.push(pid);
      }
      return roots;
    });
  }

  async request<T>(type: string, command: string | undefined, timeoutMs?: number): Promise<T | undefined> {
    if (type === 'ready') return (await this.started) as T | undefined;
    if (type === 'reset') {
      await Promise.all(this.nodes.map((node) => node.request('reset', 'reset', timeoutMs)));
      this.helpersAtReset = this.helperCpu();
      this.resetAt = performance.now();
      return { type: 'reset' } as T;
    }
    const all = await Promise.all(this.nodes.map((node) => node.request<ServerStats>('stats', command, timeoutMs)));
    if (all.some((s) => !s)) return undefined;
    return this.combine(all as ServerStats[]) as T;
  }

  /** One server's figures for the whole cluster: sums, and the worst event-loop delay. */
  private combine(all: ServerStats[]): ServerStats {
    const seconds = (performance.now() - this.resetAt) / 1000;
    let helperSeconds = 0;
    for (const [pid, cpu] of this.helperCpu()) helperSeconds += cpu - (this.helpersAtReset.get(pid) ?? 0);
    const helperCores = seconds > 0 ? helperSeconds / seconds : 0;
    const sum = (pick: (s: ServerStats) => number) => Number(all.reduce((total, s) => total + pick(s), 0).toFixed(1));
    const worst = (pick: (s: ServerStats) => number) => Math.max(...all.map(pick));
    const first = all[0]!;
    return {
      ...first,
      baseline: { rssMB: sum((s) => s.baseline.rssMB), heapUsedMB: sum((s) => s.baseline.heapUsedMB) },
      peak: { rssMB: sum((s) => s.peak.rssMB), heapUsedMB: sum((s) => s.peak.heapUsedMB) },
      eventLoopDelayMs: { p50: worst((s) => s.eventLoopDelayMs.p50), p99: worst((s) => s.eventLoopDelayMs.p99), max: worst((s) => s.eventLoopDelayMs.max) },
      // The nodes' own CPU (each over its window, which all start at the same reset) plus the helpers'.
      cpuCores: Number((all.reduce((total, s) => total + (s.cpuCores * s.windowSeconds) / first.windowSeconds, 0) + helperCores).toFixed(2)),
      helperCpuCores: Number(helperCores.toFixed(2)),
      rooms: sum((s) => s.rooms),
    };
  }

  async stop(): Promise<void> {
    await this.started;
    await this.nginx?.stop().catch(() => undefined);
    await Promise.all(this.nodes.map((node) => node.stop()));
    await this.redis?.stop().catch(() => undefined);
    await this.postgres?.stop().catch(() => undefined);
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }

  kill(): void {
    for (const node of this.nodes) node.kill();
  }
}
