/**
 * What one client address may do on the game server's sockets, on every node together: how many
 * connections it holds, how many events its sockets send, how many room codes it guesses wrong,
 * how many public rooms it lists. Each limit is sized so that a school (a class behind one
 * address, each pupil with a tab or two, classmates watching) plays as usual, while one machine
 * can no longer hold a thousand sockets, guess codes by the thousand or fill the lobby's list.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { ExtendedError } from 'socket.io';
import { LIMIT_ERRORS } from '../../../../src/protocol';
import type { Database } from '../../db/database';
import { addressKey } from '../../http/client-address';
import { AddressSockets, PostgresSocketCounts } from './address-sockets';
import { CodeMisses } from './code-misses';
import { DEFAULT_LEASE_TIMING, type LeaseTiming } from '../store/leases';
import { MemoryPublicRooms, PostgresPublicRooms, type PublicRoomStore } from '../open-games/public-rooms';
import type { AddressLimits, GameSocket } from './transport';

export interface LimitSettings {
  /**
   * Connections (socket.io clients) from one address, on all nodes together. A class of 30 with
   * two tabs each is 60, and a page watching a game holds a connection of its own: 80 leaves a
   * class room to watch each other's games, where an address held 1,000 before.
   */
  socketsPerAddress: number;
  /**
   * Events per second of all of an address's sockets together on one node (each socket keeps its
   * own 20 a second as well). A player sends a move or two a second at the most; 30 pupils playing
   * at once send a few dozen: 200 lets them through with room to spare, and holds an address with
   * many sockets to ten sockets' worth of events instead of each socket's own.
   */
  eventsPerAddressPerSecond: number;
  /**
   * Room codes that do not exist (room:join, room:watch) per address and minute, on all nodes
   * together. A class typing codes from the board mistypes a few; 20 a minute lets them try
   * again. A guesser gets 28,800 guesses a day: with 1,000 open rooms among 32⁶ (about 10⁹)
   * codes, one hit in a month or so, where a hit came every 12 minutes before.
   */
  codeMissesPerMinute: number;
  /**
   * Public rooms (listed in every lobby while they wait for an opponent) per address and per
   * signed-in account at a time. The list shows 50: three per address means at least 17
   * addresses to fill it, and a pupil who wants a stranger's game without waiting has quick play.
   */
  publicRoomsPerAddress: number;
  publicRoomsPerAccount: number;
  /** Addresses no limit applies to (see `isLoopback`). */
  exempt: (address: string) => boolean;
  /** The time of the events' windows (tests hold it still); Date.now by default. */
  now: () => number;
}

/**
 * Connections from the machine itself are not limited: they are the operator's (the bench, the
 * journeys), or a proxy in front whose clients' own addresses are not known (it is not among the
 * trusted proxies): every client would then share one address, and one school's worth of
 * connections would lock everyone out. Behind a proxy, trust it, and each client is limited.
 */
export function isLoopback(address: string): boolean {
  const bare = address.startsWith('::ffff:') ? address.slice(7) : address;
  return bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
}

export const DEFAULT_LIMITS: LimitSettings = {
  socketsPerAddress: 80,
  eventsPerAddressPerSecond: 200,
  codeMissesPerMinute: 20,
  publicRoomsPerAddress: 3,
  publicRoomsPerAccount: 2,
  exempt: isLoopback,
  now: Date.now,
};

/** The handshake's address as the socket sees it: its peer, with no proxy trusted. */
export const peerAddress = (req: IncomingMessage): string => req.socket.remoteAddress ?? 'unknown';

/** The key limits count under (addressKey: an IPv6 client's /64, as the data API's), or null for an exempt address. */
export function limitKey(address: string, settings: Pick<LimitSettings, 'exempt'>): string | null {
  return settings.exempt(address) ? null : addressKey(address);
}

/** What an engine.io connection gives: the handshake's request, and its end. */
interface EngineConnection {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
}

export interface ClientLimitsOptions {
  /** The address a client connects from (its handshake request). */
  socketAddress: (req: IncomingMessage) => string;
  settings?: Partial<LimitSettings>;
  /** Shared by the nodes through it; each node alone in memory without one. */
  db?: Database;
  nodeId: string;
  leaseTiming?: LeaseTiming;
  /** Whether a room still exists, for the public rooms kept in memory (no database). */
  roomAlive: (roomId: string, code: string) => boolean;
}

/** Every limit per client address of one node, as attachGameServer wires them (index.ts). */
export class ClientLimits implements AddressLimits {
  readonly settings: LimitSettings;
  readonly sockets: AddressSockets;
  readonly codeMisses: CodeMisses;
  readonly publicRooms: PublicRoomStore;
  private readonly socketAddress: (req: IncomingMessage) => string;

  constructor({ socketAddress, settings, db, nodeId, leaseTiming = DEFAULT_LEASE_TIMING, roomAlive }: ClientLimitsOptions) {
    this.settings = { ...DEFAULT_LIMITS, ...settings };
    this.socketAddress = socketAddress;
    this.sockets = new AddressSockets(this.settings, db ? new PostgresSocketCounts(db, nodeId, leaseTiming.ttlMs) : undefined);
    this.codeMisses = new CodeMisses(this.settings.codeMissesPerMinute, db);
    this.publicRooms = db ? new PostgresPublicRooms(db, this.settings) : new MemoryPublicRooms(this.settings, roomAlive);
    this.sockets.start(leaseTiming.renewEveryMs);
  }

  /** The limit key of a request's client (null: not limited). */
  keyOf(req: IncomingMessage): string | null {
    return limitKey(this.socketAddress(req), this.settings);
  }

  /** A new engine.io connection: counted against its address until it closes. */
  connectionOpened(conn: EngineConnection): void {
    const key = this.keyOf(conn.request);
    this.sockets.opened(key);
    conn.once('close', () => this.sockets.closed(key));
  }

  /** socket.io middleware, first of all: a handshake from an address holding too many connections is refused. */
  admit(socket: GameSocket, next: (error?: ExtendedError) => void): void {
    const key = this.keyOf(socket.request);
    socket.data.address = key;
    if (!this.sockets.over(key)) return next();
    void this.sockets.admits(key).then((admitted) => next(admitted ? undefined : new Error(LIMIT_ERRORS.tooManyConnections)));
  }

  takeEvent(address: string | null): boolean {
    return this.sockets.takeEvent(address);
  }

  /** Stopping: this node's connections no longer count (before its clients go elsewhere). */
  stop(): Promise<void> {
    return this.sockets.stop(1000);
  }

  close(): void {
    this.sockets.close();
  }
}
