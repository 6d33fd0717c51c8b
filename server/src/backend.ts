/**
 * The whole server around one database: PostgREST beside it, the HTTP edge (auth, data API,
 * client) on a node server with the game server attached. The composition root (index.ts) and the
 * tests build it the same way.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Rules } from '../../src/game/game';
import { createAuthApi } from './auth/api';
import { createKeys, type Keys } from './auth/keys';
import type { Hasher } from './auth/passwords';
import type { AuthLimits } from './auth/throttles';
import type { Database } from './db/database';
import { createApp } from './http/app';
import { addressKey, addressOf, clientAddress, NO_PROXIES, type TrustedProxies } from './http/client-address';
import { createNodeServer, type Timeouts } from './http/node-server';
import { createRestLimiter, type RestLimiter, type RestLimits } from './http/rest-limits';
import { createSecurityHeaders, seenIn } from './http/security-headers';
import { restProxy } from './postgrest/proxy';
import { startPostgrest, type Postgrest } from './postgrest/supervisor';
import { attachGameServer, type AttachedGameServer } from './rooms';
import { createNodeAdapter, type AdapterKind } from './rooms/nodes/adapter';
import type { GameServerOptions } from './rooms/edge/game-server';
import { startScoreVerifier, type ScoreVerifierOptions } from './scores/verifier';
import { within } from './within';

/** How long a stop waits for the HTTP server's requests in flight before cutting them off. */
const HTTP_CLOSE_MS = 2_000;

/** A score is a few hundred bytes; a megabyte is plenty for any insert the game makes. */
const REST_BODY_LIMIT = 1024 * 1024;

export interface BackendOptions {
  db: Database;
  /** The libpq URI PostgREST connects with (as `authenticator`). */
  restUrl: string;
  /** The HS256 secret of access tokens and the anon key (PostgREST verifies with it too). */
  secret: string;
  distDir: string;
  /** The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxy?: TrustedProxies;
  /** Origins the client talks to besides this server (VITE_SUPABASE_URL's), for the page's policy. */
  connectOrigins?: readonly string[];
  /** The analytics service's origin (VITE_ANALYTICS_SRC's), when the client was built with one. */
  analyticsOrigins?: readonly string[];
  /** The game server, when the engine is given. */
  engine?: Rules;
  games?: Omit<GameServerOptions, 'engine' | 'db' | 'leases' | 'multiNode' | 'claimAllAtStartup'>;
  /** This node among several sharing the database. */
  nodeId?: string;
  /** Events between nodes: none for a node on its own. */
  adapter?: AdapterKind;
  redisUrl?: string;
  // For tests:
  now?: () => Date;
  limits?: AuthLimits;
  restLimits?: RestLimits;
  hasher?: Hasher;
  timeouts?: Timeouts;
  log?: (line: string) => void;
  /** The high scores' replays (server/src/scores): on unless false; tests poll faster. */
  scoreVerifier?: Partial<Omit<ScoreVerifierOptions, 'db'>> | false;
}

export interface Backend {
  server: Server;
  keys: Keys;
  postgrest: Postgrest;
  /** Each client address's share of the data API on this node. */
  restLimiter: RestLimiter;
  games?: AttachedGameServer;
  /** Listens (port 0 picks one) and resolves with the base URL. */
  listen(port: number, host?: string): Promise<string>;
  /**
   * Closes the game server (what was accepted written for up to `writeWithinMs`), the HTTP
   * server and PostgREST (not the database), each wait bounded; `games.unwritten()` then says
   * how many accepted commands were left unwritten.
   */
  close(writeWithinMs?: number): Promise<void>;
}

export async function startBackend(options: BackendOptions): Promise<Backend> {
  const { db, secret, engine } = options;
  const keys = await createKeys(secret);
  const postgrest = await startPostgrest({ dbUri: options.restUrl, jwtSecret: secret, singleSession: db.kind === 'pglite', log: options.log });
  const trusted = options.trustProxy ?? NO_PROXIES;
  /** The client's address behind the trusted proxies (the socket server's limits count by it too). */
  const requestAddress = (req: IncomingMessage) => addressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trusted);
  const auth = await createAuthApi({ db, keys, clientAddress: clientAddress(trusted), now: options.now, limits: options.limits, hasher: options.hasher });
  const security = await createSecurityHeaders({ indexHtml: join(options.distDir, 'index.html'), connectOrigins: options.connectOrigins ?? [], analyticsOrigins: options.analyticsOrigins ?? [], trusted });
  const limiter = createRestLimiter(db, options.restLimits);
  const rest = restProxy({ postgrest, keys, maxBodyBytes: REST_BODY_LIMIT, addressOf: (req) => addressKey(requestAddress(req)), limiter, security, database: db.availability });
  const server = createNodeServer(createApp({ keys, auth, distDir: options.distDir, security }), rest, options.timeouts);
  // socket.io on the same port: rooms and authoritative online games.
  const adapter = engine && options.adapter ? await createNodeAdapter(options.adapter, { db, redisUrl: options.redisUrl }) : undefined;
  const games = engine ? attachGameServer(server, { engine, db, keys, nodeId: options.nodeId, adapter, socketAddress: requestAddress, ...options.games }) : undefined;
  // socket.io's long-polling answers carry the security headers too.
  games?.io.engine.on('headers', (headers: Record<string, string>, req: IncomingMessage) => Object.assign(headers, security.of(seenIn(req))));
  // Every room of the log is back before the first client connects.
  await games?.restore();
  // A high score is shown once replayed, off the event loop (High Scores, SPEC §7).
  const scores = options.scoreVerifier === false ? undefined : startScoreVerifier({ db, log: options.log, ...options.scoreVerifier });
  return {
    server,
    keys,
    postgrest,
    restLimiter: limiter,
    games,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(`http://${host && host !== '0.0.0.0' && host !== '::' ? host : 'localhost'}:${(server.address() as AddressInfo).port}`);
        });
      }),
    async close(writeWithinMs) {
      // Closing socket.io closes its sockets and then the HTTP server; a request still waiting
      // on the database holds the HTTP server open, and is cut off after a while. The game's
      // commands go first: a stop has little time, and they are what players were promised.
      if (games) await games.close(writeWithinMs);
      else await within(new Promise<void>((resolve) => server.close(() => resolve())), HTTP_CLOSE_MS);
      await scores?.stop();
      server.closeAllConnections();
      limiter.stop();
      await postgrest.stop();
    },
  };
}
