/**
 * The whole server around one database: PostgREST beside it, the HTTP edge (auth, data API,
 * client) on a node server with the game server attached. The composition root (index.ts) and the
 * tests build it the same way.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Rules } from '../../src/game/game';
import { createAuthApi } from './auth/api';
import { createKeys, type Keys } from './auth/keys';
import type { Hasher } from './auth/passwords';
import type { AuthLimits } from './auth/throttles';
import type { Database } from './db/database';
import { createApp } from './http/app';
import { clientAddress } from './http/client-address';
import { createNodeServer, type Timeouts } from './http/node-server';
import { restProxy } from './postgrest/proxy';
import { startPostgrest, type Postgrest } from './postgrest/supervisor';
import { attachGameServer, type AttachedGameServer } from './rooms';
import { createNodeAdapter, type AdapterKind } from './rooms/adapter';
import type { GameServerOptions } from './rooms/game-server';

/** A score is a few hundred bytes; a megabyte is plenty for any insert the game makes. */
const REST_BODY_LIMIT = 1024 * 1024;

export interface BackendOptions {
  db: Database;
  /** The libpq URI PostgREST connects with (as `authenticator`). */
  restUrl: string;
  /** The HS256 secret of access tokens and the anon key (PostgREST verifies with it too). */
  secret: string;
  distDir: string;
  trustProxy?: boolean;
  /** The game server, when the engine is given. */
  engine?: Rules;
  games?: Omit<GameServerOptions, 'engine' | 'db' | 'leases' | 'multiNode' | 'claimAllAtStartup'>;
  /** This node among several sharing the database (issue 13). */
  nodeId?: string;
  /** Events between nodes: none for a node on its own. */
  adapter?: AdapterKind;
  redisUrl?: string;
  // For tests:
  now?: () => Date;
  limits?: AuthLimits;
  hasher?: Hasher;
  timeouts?: Timeouts;
  log?: (line: string) => void;
}

export interface Backend {
  server: Server;
  keys: Keys;
  postgrest: Postgrest;
  games?: AttachedGameServer;
  /** Listens (port 0 picks one) and resolves with the base URL. */
  listen(port: number, host?: string): Promise<string>;
  /** Closes the game server, the HTTP server and PostgREST (not the database). */
  close(): Promise<void>;
}

export async function startBackend(options: BackendOptions): Promise<Backend> {
  const { db, secret, engine } = options;
  const keys = await createKeys(secret);
  const postgrest = await startPostgrest({ dbUri: options.restUrl, jwtSecret: secret, embedded: db.kind === 'pglite', log: options.log });
  const address = clientAddress({ trustProxy: options.trustProxy ?? false });
  const auth = await createAuthApi({ db, keys, clientAddress: address, now: options.now, limits: options.limits, hasher: options.hasher });
  const rest = restProxy({ postgrest, keys, maxBodyBytes: REST_BODY_LIMIT });
  const server = createNodeServer(createApp({ keys, auth, distDir: options.distDir }), rest, options.timeouts);
  // socket.io on the same port: rooms and authoritative online games.
  const adapter = engine && options.adapter ? await createNodeAdapter(options.adapter, { db, redisUrl: options.redisUrl }) : undefined;
  const games = engine ? attachGameServer(server, { engine, db, keys, nodeId: options.nodeId, adapter, ...options.games }) : undefined;
  // Every room of the log is back before the first client connects.
  await games?.restore();
  return {
    server,
    keys,
    postgrest,
    games,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(`http://${host && host !== '0.0.0.0' && host !== '::' ? host : 'localhost'}:${(server.address() as AddressInfo).port}`);
        });
      }),
    async close() {
      // Closing socket.io closes its sockets and then the HTTP server.
      if (games) await games.close();
      else await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await postgrest.stop();
    },
  };
}
