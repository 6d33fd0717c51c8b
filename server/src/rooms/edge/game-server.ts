/**
 * The game server's edge (SPEC §7 "Realtime socket"; every move durable, on one node or several):
 * turns socket events into the room reducer's commands, which router.ts takes to the node that owns the room: this one
 * (owned-rooms.ts: reduced, logged, committed, then told), or another, through socket.io's
 * adapter (nodes/node-messages.ts). It holds only what is not the game: which of this node's sockets sits in
 * which seat. Players of one room may sit on different nodes; a room's events reach them all
 * through the adapter. Every payload is parsed at the edge (src/protocol); a refusal changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Rules } from '../../../../src/game/game';
import { COUNTDOWN_SECONDS, IDLE_CLAIM_MS, REJOIN_GRACE_MS, SERVER_ERRORS as E, UNDO_LAPSE_MS, type JoinPoolPayload } from '../../../../src/protocol';
import { within } from '../../within';
import type { Command, PlayerCommand } from '../core/commands';
import type { Journal } from '../store/journal';
import { DEFAULT_LEASE_TIMING, MemoryLeases, type LeaseTiming, type Leases } from '../store/leases';
import { LobbyFeed } from '../open-games/lobby-feed';
import { MemoryOpenGames, OpenListings, type OpenGameStore } from '../open-games/open-games';
import { Cluster } from '../nodes/node-messages';
import { OwnedRooms } from '../nodes/owned-rooms';
import { MemoryPool, type PoolStore } from '../quick-play/pool-store';
import { QuickPlay } from '../quick-play/quick-play';
import type { Reply } from '../core/reducer';
import type { RoomClock } from '../core/room-clock';
import { RoomRouter } from '../nodes/router';
import { claimCode, hashToken, newId, newToken, openPaired } from '../nodes/new-rooms';
import { Spectating, nodeWatchers } from '../spectators/watching';
import type { RoomConfig, RoomState } from '../core/state';
import { Seats, spectatorRefusal } from './seats';
import { joinedCode, type Ack, type EnteredAck, type GameIo, type GameSocket, type Games } from './transport';

export interface GameServerOptions {
  engine: Rules;
  /** Milliseconds between countdown ticks (3 ticks); 1000 by default, small in tests. */
  countdownTickMs?: number;
  /** How long a dropped player may take to rejoin; 60 s by default. */
  graceMs?: number;
  /** How long a finished room stays (for late rejoins and rematches); 10 minutes by default. */
  finishedTtlMs?: number;
  undoLapseMs?: number;
  idleClaimMs?: number;
  /** Events per second allowed per socket; 20 by default. */
  eventsPerSecond?: number;
  /** Log entries of a room after which a snapshot replaces them. */
  snapshotEvery?: number;
  /** Who owns which room (leases in Postgres); without a database this node owns every room. */
  leases?: Leases;
  leaseTiming?: LeaseTiming;
  /** Whether other nodes share the rooms (an adapter between nodes is set up). */
  multiNode?: boolean;
  /** On the embedded database there is one node: it claims every room at start-up. */
  claimAllAtStartup?: boolean;
  /** The time rooms run on: the system's, or a simulated one in tests of long deadlines. */
  clock?: RoomClock;
  /** Where the open games are listed (beside the leases in Postgres); in memory without a database. */
  openGames?: OpenGameStore;
  /** How often the lobby's open games are read (and changes pushed); 1000 ms by default. */
  lobbyRefreshMs?: number;
  /** The quick-play pool (in Postgres, shared by the nodes); in memory without a database. */
  pool?: PoolStore;
}

/** SIGTERM: how long what was accepted may take to be written before the node stops anyway. */
const SHUTDOWN_WRITE_MS = 10_000;
/** SIGTERM: how long giving up the leases may take (they lapse by themselves after their time-to-live). */
const SHUTDOWN_RELEASE_MS = 1_000;

export class GameServer implements Games {
  private readonly cluster: Cluster;
  private readonly seats: Seats;
  private readonly owned: OwnedRooms;
  private readonly router: RoomRouter;
  readonly config: RoomConfig;
  readonly eventsPerSecond: number;
  private readonly leaseTiming: LeaseTiming;
  private readonly claimAll: boolean;
  private maintenance: NodeJS.Timeout | null = null;
  private readonly listings: OpenListings;
  private readonly lobby: LobbyFeed;
  readonly quickPlay: QuickPlay;
  /** This node's spectators: the sockets watching a room, counted for its owner. */
  private readonly spectating: Spectating;

  constructor(
    private readonly io: GameIo,
    journal: Journal,
    options: GameServerOptions,
  ) {
    this.config = {
      rules: options.engine,
      countdownSeconds: COUNTDOWN_SECONDS,
      countdownTickMs: options.countdownTickMs ?? 1000,
      graceMs: options.graceMs ?? REJOIN_GRACE_MS,
      finishedTtlMs: options.finishedTtlMs ?? 10 * 60_000,
      undoLapseMs: options.undoLapseMs ?? UNDO_LAPSE_MS,
      idleClaimMs: options.idleClaimMs ?? IDLE_CLAIM_MS,
    };
    this.eventsPerSecond = options.eventsPerSecond ?? 20;
    this.leaseTiming = options.leaseTiming ?? DEFAULT_LEASE_TIMING;
    this.claimAll = options.claimAllAtStartup ?? true;
    const leases = options.leases ?? new MemoryLeases();
    const multiNode = options.multiNode ?? false;
    const openGames = options.openGames ?? new MemoryOpenGames();
    // Built in one order, each part given only parts built before it: the channel between nodes,
    // the seats, the listings, the rooms, this node's spectators, then the router (which answers
    // the other nodes and brings seats back into rooms that arrive), spectating and quick play.
    const listings = (this.listings = new OpenListings(openGames));
    this.lobby = new LobbyFeed(io, openGames, options.lobbyRefreshMs);
    const cluster = (this.cluster = new Cluster(io, leases.nodeId, multiNode));
    const seats = (this.seats = new Seats(cluster));
    const owned = (this.owned = new OwnedRooms(
      io,
      journal,
      leases,
      this.config,
      options.snapshotEvery ?? 200,
      {
        left: (playerId, code) => seats.unseatEverywhere(playerId, code),
        notify: (notice) => cluster.notify(notice),
        committed: (roomId, room) => listings.committed(roomId, room),
        unowned: (roomId) => listings.forget(roomId),
      },
      options.clock,
      multiNode,
    ));
    const watchers = nodeWatchers(owned, cluster, multiNode);
    this.router = new RoomRouter(io, owned, cluster, seats, watchers);
    this.spectating = new Spectating(owned, this.router, watchers);
    this.quickPlay = new QuickPlay(io, options.pool ?? new MemoryPool(), leases.nodeId, () => owned.clock.now(), (pair) => openPaired(owned, pair));
  }

  get nodeId(): string {
    return this.owned.leases.nodeId;
  }

  /** The rooms this node owns, for tests and the bench. */
  get roomCount(): number {
    return this.owned.size;
  }

  room(code: string): RoomState | undefined {
    const id = this.owned.byCode.get(code);
    return id ? this.owned.get(id)?.state : undefined;
  }

  // ------------------------------------------------------------- start-up and shut-down

  /**
   * Claims this node's rooms and rebuilds them from the log (everyone away with a fresh grace
   * period; players get back in with their rejoin tokens), then keeps its leases renewed and
   * takes over the rooms of nodes that stopped renewing theirs.
   */
  async restore(now = this.owned.clock.now()): Promise<number> {
    const count = await this.owned.restore(this.claimAll, now);
    await this.quickPlay.start();
    if (!(this.owned.leases instanceof MemoryLeases)) {
      this.maintenance = setInterval(() => void this.owned.maintain(), this.leaseTiming.renewEveryMs);
      this.maintenance.unref();
    }
    return count;
  }

  /**
   * SIGTERM: no new commands; what was accepted is written, for up to `writeWithinMs` (the
   * database may not answer: a stop never waits for ever); the leases are given up so that
   * another node takes the rooms over at once; every client is told to reconnect (socket.io then
   * reconnects on its own, and the rejoin token brings the player back, on any node).
   */
  async shutdown(writeWithinMs = SHUTDOWN_WRITE_MS): Promise<void> {
    this.router.accepting = false;
    if (this.maintenance) clearInterval(this.maintenance);
    await within(Promise.all([this.quickPlay.stop(), this.owned.drain()]), writeWithinMs);
    const released = this.owned.release().catch((error: unknown) => console.error('room leases: releasing failed:', (error as Error).message));
    if (!(await within(released, SHUTDOWN_RELEASE_MS))) console.error(`room leases: the database did not answer within ${SHUTDOWN_RELEASE_MS} ms; the leases lapse by themselves`);
    this.spectating.leaving();
    this.cluster.notify({ type: 'released', from: this.nodeId });
    this.io.local.emit('server:restarting', { message: 'The server is restarting: reconnecting…' });
  }

  // ------------------------------------------------------------- seats and sockets

  /** The socket's room and player, or the error to acknowledge. */
  seat(socket: GameSocket): { roomId: string; playerId: string } | { error: string } {
    return this.seats.of(socket);
  }

  /** A command of the socket's seated player. */
  async as(socket: GameSocket, command: (playerId: string) => PlayerCommand): Promise<Ack> {
    const seat = this.seat(socket);
    if ('error' in seat) return { success: false, error: seat.error };
    // A command's reply is its acknowledgement, as it is (a move's is not copied).
    return this.router.route(seat.roomId, command(seat.playerId), socket.id);
  }

  // ------------------------------------------------------------- lobby

  /** A new room belongs to the node its creator is connected to. */
  async create(socket: GameSocket, username: string): Promise<EnteredAck> {
    if (!this.router.accepting) return { success: false, error: E.restarting };
    const watching = spectatorRefusal(socket);
    if (watching) return watching;
    await this.quickPlay.leave(socket);
    await this.leave(socket);
    const token = newToken();
    const roomId = randomUUID();
    const { code, lease } = await claimCode(this.owned, roomId);
    const command: Command = { type: 'create', roomId, code, playerId: newId(), username, userId: socket.data.userId ?? null, tokenHash: hashToken(token), mirrorRule: true };
    this.seats.sit(socket, roomId, code, command.playerId, token);
    const reply = await this.owned.run(null, command, this.owned.clock.now(), lease.fence);
    const live = this.owned.get(roomId);
    if (live) live.holders.set(command.playerId, { socketId: socket.id, node: this.nodeId });
    if (!reply.success) this.seats.unseat(command.playerId, code);
    return enteredAck(reply, token);
  }

  async join(socket: GameSocket, code: string, username: string): Promise<EnteredAck> {
    const watching = spectatorRefusal(socket);
    if (watching) return watching;
    const local = this.owned.byCode.get(code);
    const remote = local ? null : await this.owned.leases.ownerOf({ code });
    const roomId = local ?? remote?.roomId;
    if (!roomId) return { success: false, error: E.roomNotFound };
    const current = this.seat(socket);
    if ('roomId' in current && current.roomId === roomId) return { success: false, error: E.alreadyInRoom };
    // Checked before leaving the current room: a refused join keeps the player where they are.
    const refusal = await this.router.joinRefusal(roomId, username);
    if (refusal) return { success: false, error: refusal };
    // A client that follows goes to the room's node and joins there, unless it asked for that
    // node already and still landed here (the node is down: this one forwards, or takes over).
    if (remote && socket.data.follows && socket.data.askedFor !== remote.owner) return { success: false, error: E.roomElsewhere, node: remote.owner };
    await this.quickPlay.leave(socket);
    await this.leave(socket);
    const token = newToken();
    const playerId = newId();
    this.seats.sit(socket, roomId, code, playerId, token);
    const reply = await this.router.route(roomId, { type: 'join', playerId, username, userId: socket.data.userId ?? null, tokenHash: hashToken(token) }, socket.id);
    if (!reply.success) this.seats.unseat(playerId, code);
    return enteredAck(reply, token);
  }

  /** Leaves the socket's room, if any: a forfeit during a game. */
  async leave(socket: GameSocket): Promise<Ack> {
    const seat = this.seat(socket);
    if ('error' in seat) return spectatorRefusal(socket) ?? { success: true };
    this.seats.unseat(seat.playerId, this.owned.get(seat.roomId)?.state.code ?? joinedCode(socket));
    return this.router.route(seat.roomId, { type: 'leave', playerId: seat.playerId }, socket.id);
  }

  // ------------------------------------------------------------- open games

  subscribeLobby = (socket: GameSocket) => this.lobby.subscribe(socket);
  unsubscribeLobby = (socket: GameSocket) => this.lobby.unsubscribe(socket);

  // ------------------------------------------------------------- dropping and coming back

  /** The socket's transport is gone: out of the pool; a seat is kept for the grace period. */
  async disconnected(socket: GameSocket): Promise<void> {
    await this.quickPlay.leave(socket);
    if (socket.data.watching) return this.spectating.stop(socket);
    const seat = this.seat(socket);
    if ('error' in seat) return;
    this.seats.dropped(seat.playerId);
    await this.router.route(seat.roomId, { type: 'dropped', playerId: seat.playerId }, socket.id);
  }

  /**
   * Back in with a rejoin token, on any node: the seat's new socket wins over an old one. A room
   * whose node died is found once a surviving node has taken it over (its lease lapses first).
   */
  async rejoin(socket: GameSocket, token: string): Promise<EnteredAck> {
    const watching = spectatorRefusal(socket);
    if (watching) return watching;
    const seat = await this.router.findSeat(hashToken(token));
    if (!seat) return { success: false, error: E.rejoinFailed };
    await this.quickPlay.leave(socket);
    return this.comeBack(socket, seat.roomId, seat.code, seat.playerId, token);
  }

  /**
   * A socket that socket.io recovered within the grace period keeps its id, rooms and data: it
   * is its player coming back without a token. Undefined when its seat is gone or taken over.
   */
  async recover(socket: GameSocket): Promise<EnteredAck | undefined> {
    const { roomId, playerId, seatToken } = socket.data;
    const holder = playerId ? this.seats.holder(playerId) : undefined;
    socket.data.roomId = undefined;
    socket.data.playerId = undefined;
    socket.data.seatToken = undefined;
    // A spectator's page watches again by itself: its drop already took it off the count.
    socket.data.watching = undefined;
    for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
    if (!roomId || !playerId || !seatToken || (holder && holder !== socket)) return undefined;
    const back = await this.rejoin(socket, seatToken);
    return back.success ? back : undefined;
  }

  private async comeBack(socket: GameSocket, roomId: string, code: string, playerId: string, token: string): Promise<EnteredAck> {
    const old = this.seats.holder(playerId);
    if (old && old !== socket) this.seats.unseat(playerId, code);
    this.seats.sit(socket, roomId, code, playerId, token);
    const reply = await this.router.route(roomId, { type: 'back', playerId }, socket.id);
    if (!reply.success) this.seats.unseat(playerId, code);
    return enteredAck(reply, token);
  }

  // ------------------------------------------------------------- during a game

  forfeit = (socket: GameSocket) => this.as(socket, (playerId) => ({ type: 'forfeit', playerId }));
  requestUndo = (socket: GameSocket) => this.as(socket, (playerId) => ({ type: 'requestUndo', playerId, requestId: newId() }));

  // ------------------------------------------------------------- quick play

  /** Into the pool; a player in a room is in a room. */
  async joinPool(socket: GameSocket, payload: JoinPoolPayload): Promise<Ack> {
    if (!this.router.accepting) return { success: false, error: E.restarting };
    const watching = spectatorRefusal(socket);
    if (watching) return watching;
    if ('roomId' in this.seat(socket)) return { success: false, error: E.alreadyInRoom };
    return this.quickPlay.enter(socket, payload);
  }

  leavePool = (socket: GameSocket) => this.quickPlay.leave(socket);

  // ------------------------------------------------------------- spectators

  /** The socket watches the room (spectators/watching.ts); a seated player cannot (their page shows their own game). */
  async watch(socket: GameSocket, code: string): Promise<Ack> {
    if (!this.router.accepting) return { success: false, error: E.restarting };
    if ('roomId' in this.seat(socket)) return { success: false, error: E.alreadyInRoom };
    return this.spectating.watch(socket, code);
  }

  unwatch(socket: GameSocket): Promise<Ack> {
    this.spectating.stop(socket);
    return Promise.resolve({ success: true });
  }

  close(): void {
    this.quickPlay.close();
    this.spectating.close();
    if (this.maintenance) clearInterval(this.maintenance);
    this.lobby.close();
    this.listings.close();
    this.owned.close();
    this.seats.clear();
  }
}

/** The acknowledgement of entering a room: the room, the seat and the rejoin token to come back with. */
function enteredAck(reply: Reply, token: string): EnteredAck {
  if (!reply.success) return reply;
  // Every command that seats a player answers with the room entered (core/step.ts entered).
  if (!reply.entered) return { success: false, error: E.rejoinFailed };
  return { success: true, ...reply.entered, rejoinToken: token };
}
