/**
 * The server process of `npm run bench:rooms`: the real game server (real engine, the embedded
 * database as `npm start` runs it, on disk with fsync on, so every move is durable as in
 * production; real HTTP server) on a loopback port, in a process of its own so that it does not
 * share an event loop with the bots. EMBEDDED_DATABASE=pglite measures PGlite instead. Spawned by scripts/bench-rooms.ts with
 * `tsx scripts/bench/rooms-server.ts --countdown-tick-ms MS --events-per-second N --max-s S [--cpu-prof DIR]`.
 * With `--database-url URL --node-id ID --adapter postgres|redis [--redis-url URL]` it is one node of
 * several on a shared, already migrated PostgreSQL (bench-cluster.ts starts them).
 * It is measured and driven over its standard streams by server-harness.ts, as the relay
 * (relay-server.ts) is.
 */
import { createServer } from 'node:http';
import { createKeys } from '../../server/src/auth/keys';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedKind, openEmbedded } from '../../server/src/db/embedded';
import { connectPool } from '../../server/src/db/pool';
import { processTree } from '../../server/src/db/process-tree';
import type { Database } from '../../server/src/db/database';
import { attachGameServer } from '../../server/src/rooms/index';
import { createNodeAdapter, type AdapterKind, type NodeAdapter } from '../../server/src/rooms/nodes/adapter';
import { loadEngine } from '../../src/engine/load';
import { option, textOption } from './options';
import { runBenchServer } from './server-harness';

/** One node of several: PostgreSQL shared with the others, and the adapter between them. */
async function clusterNode(url: string): Promise<{ db: Database; adapter: NodeAdapter; nodeId: string }> {
  const kind = textOption('adapter') ?? 'postgres';
  if (kind !== 'postgres' && kind !== 'redis') throw new Error('--adapter needs postgres or redis');
  const db = await connectPool(url, { kind: 'postgres', description: 'bench:rooms PostgreSQL' });
  const adapter = await createNodeAdapter(kind as AdapterKind, { db, redisUrl: textOption('redis-url') });
  return { db, adapter, nodeId: textOption('node-id') ?? 'node-1' };
}

runBenchServer('rooms-server', async () => {
  const countdownTickMs = option('countdown-tick-ms', 10);
  const eventsPerSecond = option('events-per-second', 20);
  const databaseUrl = textOption('database-url');
  if (databaseUrl) {
    const { db, adapter, nodeId } = await clusterNode(databaseUrl);
    const keys = await createKeys('bench-secret');
    const http = createServer((_req, res) => res.writeHead(404).end());
    const games = attachGameServer(http, { engine: await loadEngine(), db, keys, countdownTickMs, eventsPerSecond, nodeId, adapter });
    await games.restore();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return {
      http,
      rooms: () => games.game.roomCount,
      close: async () => {
        await Promise.race([games.close(), new Promise((resolve) => setTimeout(resolve, 5000))]);
        await db.close().catch(() => undefined);
      },
    };
  }
  // As `npm start` runs it: the embedded database on disk with fsync on, so every move is durable before its ack.
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-rooms-'));
  const log = (line: string) => console.error(line);
  const { db, server } = await openEmbedded(embeddedKind(process.env, dataDir, log), dataDir, log);
  const database = {
    db,
    stop: async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const keys = await createKeys('bench-secret');
  // socket.io alone: the rest of the HTTP edge plays no part in a game.
  const http = createServer((_req, res) => res.writeHead(404).end());
  const games = attachGameServer(http, { engine: await loadEngine(), db: database.db, keys, countdownTickMs, eventsPerSecond });
  await games.restore();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    http,
    rooms: () => games.game.roomCount,
    // The database's processes: PostgreSQL's postmaster and a backend per connection, or PGlite's one.
    helperPids: () => {
      const pid = server.pid();
      return pid === undefined ? [] : processTree(pid);
    },
    close: async () => {
      await Promise.race([games.close(), new Promise((resolve) => setTimeout(resolve, 5000))]);
      await database.stop().catch(() => undefined);
    },
  };
}).catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
