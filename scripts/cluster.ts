/**
 * npm run cluster -- --nodes 3 [--port 3001] [--adapter postgres|redis]
 *
 * Several game nodes behind nginx on one PostgreSQL, on this machine, as production would run
 * them on several: PostgreSQL (its data kept in data/cluster/pg), redis-server with
 * `--adapter redis`, N nodes on the ports after --port (NODE_ID node-1..N, one JWT secret), and
 * nginx on --port in front of them. A node that dies is started again. Ctrl-C or SIGTERM stops
 * nginx first (no new requests), then the nodes (they drain), then redis and PostgreSQL.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSecret } from '../server/src/auth/keys';
import { startNginx } from '../server/src/cluster/nginx';
import { acceptsConnections } from '../server/src/cluster/service';
import { parseClusterOptions, USAGE, type ClusterOptions } from '../server/src/cluster/options';
import { startRedis } from '../server/src/cluster/redis';
import { SupervisedNode } from '../server/src/cluster/supervised-node';
import { startPostgresCluster } from '../server/src/db/postgres-cluster';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PG_DATA = join(ROOT, 'data', 'cluster', 'pg');
/** As `npm run serve` runs the server. */
const NODE_FLAGS = ['--max-semi-space-size=32'];

const say = (line: string) => console.log(`[cluster] ${line}`);
const prefixed = (name: string) => (line: string) => console.log(`[${name}] ${line}`);

function readOptions(): ClusterOptions {
  try {
    const options = parseClusterOptions(process.argv.slice(2));
    if (options !== 'help') return options;
    console.log(USAGE);
    process.exit(0);
  } catch (error) {
    console.error(`cluster: ${(error as Error).message}`);
    process.exit(1);
  }
}

const options = readOptions();

/** What is running, in the order it started; stopped in the reverse order. */
const running: { name: string; stop: () => Promise<void> }[] = [];
/** The step under way: a shutdown waits for it, so that nothing it starts is left behind. */
let step: Promise<unknown> = Promise.resolve();
let stopping: Promise<void> | undefined;

function run<T extends { stop: () => Promise<void> }>(name: string, start: () => Promise<T>): Promise<T> {
  const started = start().then((part) => {
    running.push({ name, stop: () => part.stop() });
    return part;
  });
  step = started.catch(() => undefined);
  return started;
}

function shutdown(): Promise<void> {
  stopping ??= (async () => {
    await step;
    for (const part of running.reverse()) {
      say(`stopping ${part.name}`);
      await part.stop().catch((error: unknown) => say(`${part.name} did not stop cleanly: ${(error as Error).message}`));
    }
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // Repeats are ignored: npm and tsx pass a terminal's Ctrl-C on as well, and the nodes need their time to drain.
  process.on(signal, () => {
    if (!stopping) say(`${signal}: stopping the cluster`);
    void shutdown().then(() => process.exit(0));
  });
}

try {
  const { nodes, port, adapter } = options;
  // One secret for every node, and the one the client's build was signed with (its anon key).
  const secret = loadSecret(process.env);
  const ports = Array.from({ length: nodes }, (_, i) => port + 1 + i);
  // Before anything starts: a taken port would otherwise be found only after PostgreSQL and the nodes' boot.
  const wanted = [{ port, what: 'nginx' }, ...ports.map((nodePort, i) => ({ port: nodePort, what: `node-${i + 1}` }))];
  for (const { port: wantedPort, what } of wanted) {
    if (await acceptsConnections(wantedPort)) throw new Error(`port ${wantedPort} (${what}) is taken: choose another --port`);
  }
  const postgres = await run('PostgreSQL', () => startPostgresCluster({ dataDir: PG_DATA }));
  say(`PostgreSQL on port ${postgres.port}, data in ${PG_DATA}`);
  const redis = adapter === 'redis' && !stopping ? await run('redis', () => startRedis({ log: prefixed('redis') })) : undefined;
  if (redis) say(`redis on port ${redis.port}`);

  const supervised = ports.map((nodePort, i) => {
    const id = `node-${i + 1}`;
    const env: Record<string, string> = {
      DATABASE_URL: postgres.url('postgres'),
      JWT_SECRET: secret,
      // nginx, on this machine, is the one proxy whose X-Forwarded-For the nodes believe.
      TRUST_PROXY: '127.0.0.1',
      // Only nginx is meant to reach them.
      HOST: '127.0.0.1',
      NODE_ID: id,
      SOCKET_ADAPTER: adapter,
      ...(redis ? { REDIS_URL: redis.url } : {}),
    };
    return new SupervisedNode({ id, port: nodePort, env, log: prefixed(id), report: say, nodeFlags: NODE_FLAGS });
  });
  if (!stopping) {
    say(nodes > 1 ? `starting ${nodes} nodes on ports ${ports.join(', ')}` : `starting a node on port ${ports[0]}`);
    await run('the nodes', async () => {
      const stopAll = { stop: () => Promise.all(supervised.map((node) => node.stop())).then(() => undefined) };
      await Promise.all(supervised.map((node) => node.start())).catch(async (error: unknown) => {
        // Those that did start are stopped. The failed node's output is above, prefixed: its first line is enough here.
        await stopAll.stop();
        throw new Error(`a node could not start: ${(error as Error).message.split('\n')[0]!.replace(/:$/, '')}`, { cause: error });
      });
      return stopAll;
    });
  }
  if (!stopping) {
    const nginx = await run('nginx', () => startNginx({ port, upstreams: ports, nodeIds: ports.map((_, i) => `node-${i + 1}`), log: prefixed('nginx') }));
    const plural = nodes > 1 ? 'nodes' : 'node';
    console.log(`Cell Connection cluster at ${nginx.url} (${nodes} ${plural} on PostgreSQL, ${adapter} adapter)`);
  }
} catch (error) {
  console.error(`cluster: ${(error as Error).message}`);
  await shutdown();
  process.exit(1);
}
