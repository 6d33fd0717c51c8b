/**
 * socket.io's adapter between game nodes: room events broadcast on one node reach the
 * sockets of every node, and nodes ask each other through it (node-messages.ts). Two, both maintained
 * by socket.io:
 * - postgres (the default): LISTEN/NOTIFY on the PostgreSQL the nodes already share, one
 *   component fewer; socket.io's connection-state recovery is then per node (a player who comes
 *   back through another node gets in with the rejoin token instead).
 * - redis: Redis streams on Debian's redis-server (REDIS_URL), which keeps connection-state
 *   recovery across nodes.
 * Heartbeats every second: a node that died stops counting within three.
 */
import { createAdapter as postgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as redisStreamsAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import type { ServerOptions } from 'socket.io';
import type { Database } from '../../db/database';

export type AdapterKind = 'postgres' | 'redis';

export interface NodeAdapter {
  /** socket.io's `adapter` option: a factory of namespace adapters. */
  adapter: ServerOptions['adapter'];
  close(): Promise<void>;
}

const HEARTBEAT = { heartbeatInterval: 1000, heartbeatTimeout: 3000 };

export async function createNodeAdapter(kind: AdapterKind, { db, redisUrl }: { db: Database; redisUrl?: string }): Promise<NodeAdapter> {
  if (kind === 'postgres') {
    return {
      adapter: postgresAdapter(db.pool, { ...HEARTBEAT, tableName: 'game_server.socket_io_attachments', channelPrefix: 'cell_connection' }),
      close: () => Promise.resolve(),
    };
  }
  if (!redisUrl) throw new Error('SOCKET_ADAPTER=redis needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  const client = createClient({ url: redisUrl });
  client.on('error', (error: Error) => console.error(`redis: ${error.message}`));
  await client.connect();
  return {
    adapter: redisStreamsAdapter(client, { ...HEARTBEAT, streamName: 'cell-connection', onlyPlaintext: true }),
    close: async () => {
      await client.quit().catch(() => undefined);
    },
  };
}
