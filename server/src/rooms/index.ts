/**
 * attachGameServer: the socket.io game server on the node server's HTTP server (same port).
 * The handshake may carry `auth: { token }` (a Supabase access token, verified here: the
 * player's user id makes the game rated) and `auth: { rejoinToken }` (back into a room).
 * Connection-state recovery is on for the rejoin grace period: a socket whose transport dropped
 * and came back in time keeps its id, rooms and data, gets the broadcasts it missed, and skips
 * the middleware (its user is already in its data). With a database, every room is durable
 * (journal.ts): `restore()` rebuilds them after a restart. Several nodes share the
 * rooms through leases in Postgres (leases.ts) and an adapter between them (adapter.ts).
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Rules } from '../../../src/game/game';
import { REJOIN_GRACE_MS, parseHandshakeAuth } from '../../../src/protocol';
import type { Keys } from '../auth/keys';
import { signedInUser } from '../auth/sessions';
import { accountName } from './edge/account-name';
import type { Database } from '../db/database';
import { GameServer, type GameServerOptions } from './edge/game-server';
import type { NodeAdapter } from './nodes/adapter';
import { ClientLimits, peerAddress, type LimitSettings } from './edge/client-limits';
import { CoalescedWrites, type Connection } from './edge/coalesced-writes';
import { PostgresJournal, memoryJournal } from './store/journal';
import { PostgresLeases } from './store/leases';
import { PostgresOpenGames } from './open-games/open-games';
import { PostgresPool } from './quick-play/pool-store';
import { newSessionId } from './nodes/session-ids';
import { connect, handlers, type GameIo } from './edge/transport';
import { within } from '../within';

export interface AttachOptions extends Omit<GameServerOptions, 'engine' | 'leases' | 'multiNode' | 'claimAllAtStartup' | 'openGames'> {
  engine: Rules;
  db?: Database;
  keys: Pick<Keys, 'verify'>;
  /** This node's name among the nodes sharing the database: distinct per node, stable across its restarts. */
  nodeId?: string;
  /** Events and requests between nodes; none for a node on its own. */
  adapter?: NodeAdapter;
  /** The address a client connects from, for the limits per address (client-limits.ts): the peer's by default. */
  socketAddress?: (req: IncomingMessage) => string;
  /** The limits per client address; client-limits.ts DEFAULT_LIMITS for what is not given. */
  limits?: Partial<LimitSettings>;
}

export interface AttachedGameServer {
  io: GameIo;
  game: GameServer;
  limits: ClientLimits;
  /** Rebuilds the rooms of the log (call once, before listening); the number of rooms. */
  restore(): Promise<number>;
  /**
   * Writes what was accepted (for up to `writeWithinMs`), tells clients to reconnect, stops the
   * timers and closes socket.io (and the HTTP server), each wait bounded.
   */
  close(writeWithinMs?: number): Promise<void>;
  /** Accepted commands not written yet (after a close: left unwritten, never acknowledged). */
  unwritten(): number;
}

/** A stop's other waits (socket.io's sockets and HTTP server, the adapter between nodes): bounded too. */
const CLOSE_WAIT_MS = 2_000;

export function attachGameServer(
  httpServer: HttpServer,
  { keys, db, nodeId = 'node', adapter, socketAddress = peerAddress, limits: limitSettings, ...options }: AttachOptions,
): AttachedGameServer {
  const io: GameIo = new Server(httpServer, {
    cors: { origin: true },
    maxHttpBufferSize: 16 * 1024,
    connectionStateRecovery: { maxDisconnectionDuration: options.graceMs ?? REJOIN_GRACE_MS, skipMiddlewares: true },
    ...(adapter ? { adapter: adapter.adapter } : {}),
  });
  // Long-polling's requests find their node by the session id (session-ids.ts).
  io.engine.generateId = () => newSessionId(nodeId);
  // Limits per client address (client-limits.ts): connections are counted as they open, and a
  // handshake from an address holding too many is refused before anything else is done for it.
  const limits = new ClientLimits({ socketAddress, settings: limitSettings, db, nodeId, leaseTiming: options.leaseTiming, roomAlive: (roomId, code) => game.room(code)?.id === roomId });
  io.engine.on('connection', (conn: Parameters<ClientLimits['connectionOpened']>[0]) => limits.connectionOpened(conn));
  io.use((socket, next) => limits.admit(socket, next));
  io.use((socket, next) => {
    const auth = parseHandshakeAuth(socket.handshake.auth);
    socket.data.rejoinToken = auth.rejoinToken;
    socket.data.follows = auth.follow === true;
    const asked = socket.handshake.query.node;
    socket.data.askedFor = typeof asked === 'string' ? asked : undefined;
    if (!auth.token) return next();
    // An invalid or expired token, or one of an ended session (signed out), leaves the player
    // anonymous (unrated) rather than locked out: as the page is after signing out.
    signedInUser(keys, db, auth.token)
      .then(async (userId) => {
        if (!userId) return;
        // A signed-in player plays under their account's username, whatever name the page sends:
        // their rating goes with it and nobody else's name can carry it (transport.ts playsAs).
        // Looked up before the user is set: a failed look-up leaves the player anonymous, as above.
        const name = db ? await accountName(db, userId) : undefined;
        socket.data.userId = userId;
        if (name !== undefined) socket.data.accountName = name;
      })
      .catch(() => undefined)
      .finally(() => next());
  });
  // A commit's answers leave each connection in one write (coalesced-writes.ts).
  const writes = new CoalescedWrites();
  io.engine.on('connection', (conn: Connection) => writes.attach(conn));
  const journal = db ? new PostgresJournal(db, (answers) => writes.during(answers)) : memoryJournal;
  const game = new GameServer(io, journal, {
    ...options,
    leases: db ? new PostgresLeases(db, nodeId, options.leaseTiming) : undefined,
    openGames: db ? new PostgresOpenGames(db, nodeId) : undefined,
    // Quick play's pool, shared by the nodes through the database.
    pool: options.pool ?? (db ? new PostgresPool(db, nodeId, options.leaseTiming) : undefined),
    multiNode: adapter !== undefined,
    // The embedded database (PostgreSQL or PGlite in DATA_DIR) has one node: every room is its own.
    claimAllAtStartup: db?.embedded ?? true,
  });
  const answer = handlers(game, limits);
  io.on('connection', (socket) => connect(socket, answer, game, limits));
  return {
    io,
    game,
    limits,
    restore: () => game.restore(),
    unwritten: () => journal.unwritten(),
    close: async (writeWithinMs) => {
      // This node's connections stop counting before its clients are told to connect again.
      await limits.stop();
      await game.shutdown(writeWithinMs);
      game.close();
      await within(new Promise<void>((resolve) => void io.close(() => resolve())), CLOSE_WAIT_MS);
      if (adapter) await within(adapter.close().catch((error: unknown) => console.error('node adapter: closing failed:', (error as Error).message)), CLOSE_WAIT_MS);
    },
  };
}
