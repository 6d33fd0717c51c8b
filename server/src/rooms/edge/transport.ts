/**
 * socket.io behind a small transport: the typed server, and one handler per client
 * event that parses its payload at the edge, spends the socket's event budget and its address's
 * (client-limits.ts) and answers with the game server's acknowledgement. Nothing here decides a
 * rule of the game; the limits per address that concern one event are held here too: room codes
 * that do not exist, and public rooms.
 */
import type { Server, Socket } from 'socket.io';
import {
  CLIENT_EVENT_NAMES,
  LIMIT_ERRORS,
  SERVER_ERRORS as E,
  parseClientPayload,
  parseHandshakeAuth,
  type ClientEventName,
  type ClientEventPayload,
  type ClientToServerUntrusted,
  type EnteredRoom,
  type JoinPoolPayload,
  type ServerToClientWireEvents,
  type UpdateSettingsPayload,
  type Wire,
} from '../../../../src/protocol';
import { logFailure } from '../../log';
import type { NodeEvents } from '../nodes/node-messages';
import type { CodeMisses } from './code-misses';
import type { PlayerCommand } from '../core/commands';
import type { PublicRoomStore } from '../open-games/public-rooms';
import { EventBudget } from './throttle';

/** The state a socket carries: its verified user and the seat it holds. */
export interface SocketData {
  userId?: string;
  /** The signed-in account's username: the only name this socket plays under (playsAs). */
  accountName?: string;
  /** The limit key of the client's address (client-limits.ts); null when it is not limited. */
  address?: string | null;
  /** The rejoin token of the handshake. */
  rejoinToken?: string;
  roomId?: string;
  playerId?: string;
  /** The rejoin token of the seat held (for a connection socket.io recovers). */
  seatToken?: string;
  /** Several nodes: the client connects again to the node that owns its room when told (handshake `follow`). */
  follows?: boolean;
  /** The node it asked the load balancer for (`?node=`), if any. */
  askedFor?: string;
  /** Looking for an opponent (quick play); cleared when paired, cancelled or seated. */
  inPool?: boolean;
  /** The room this socket watches as a spectator (it then holds no seat). */
  watching?: { roomId: string; code: string };
}

/**
 * The server hears every client event as unknown (the transport parses it) and sends every
 * score as its decimal string (ServerToClientWireEvents).
 */
export type GameIo = Server<ClientToServerUntrusted, ServerToClientWireEvents, NodeEvents, SocketData>;
export type GameSocket = Socket<ClientToServerUntrusted, ServerToClientWireEvents, NodeEvents, SocketData>;

/** An acknowledgement as sent: its data on success, scores as decimal strings. */
export type Ack<T extends object = Record<string, unknown>> = ({ success: true } & T) | { success: false; error: string; node?: string };
/** The acknowledgement of entering a room (create, join, rejoin), as sent. */
export type EnteredAck = Ack<Wire<EnteredRoom>>;

/** What the transport asks of the game server (game-server.ts), one call per client event. */
export interface Games {
  readonly eventsPerSecond: number;
  create(socket: GameSocket, username: string): Promise<EnteredAck>;
  join(socket: GameSocket, code: string, username: string): Promise<EnteredAck>;
  leave(socket: GameSocket): Promise<Ack>;
  rejoin(socket: GameSocket, token: string): Promise<EnteredAck>;
  recover(socket: GameSocket): Promise<EnteredAck | undefined>;
  disconnected(socket: GameSocket): Promise<void>;
  /** A command of the socket's seated player. */
  as(socket: GameSocket, command: (playerId: string) => PlayerCommand): Promise<Ack>;
  requestUndo(socket: GameSocket): Promise<Ack>;
  forfeit(socket: GameSocket): Promise<Ack>;
  /** The lobby's open games for this socket, now and live (lobby:openGames). */
  subscribeLobby(socket: GameSocket): Promise<Ack>;
  unsubscribeLobby(socket: GameSocket): Promise<Ack>;
  /** Quick play: into the pool (or paired at once), and out of it. */
  joinPool(socket: GameSocket, payload: JoinPoolPayload): Promise<Ack>;
  leavePool(socket: GameSocket): Promise<Ack>;
  /** The socket watches the room as a spectator. */
  watch(socket: GameSocket, code: string): Promise<Ack>;
  unwatch(socket: GameSocket): Promise<Ack>;
}

/** The limits per client address that the transport applies (client-limits.ts). */
export interface AddressLimits {
  /** Counts one event of the address's sockets on this node; false when its budget is spent. */
  takeEvent(address: string | null): boolean;
  codeMisses: CodeMisses;
  publicRooms: PublicRoomStore;
}

/** The code of the room a seated socket is in: its socket.io room that is neither its own nor its player's (owned-rooms.ts playerRoom). */
export const joinedCode = (socket: GameSocket): string | undefined => [...socket.rooms].find((room) => room !== socket.id && !room.startsWith('player:'));

/**
 * The name a player sits down under: a signed-in player's account username, whatever name the
 * client sent (a tampered page cannot show a rating under another name); an anonymous player's own.
 */
export const playsAs = (socket: GameSocket, sent: string): string => socket.data.accountName ?? sent;

/** Answers one client event of a socket, given the payload its schema parsed. */
type Handler<E extends ClientEventName> = (socket: GameSocket, payload: ClientEventPayload<E>) => Promise<Ack>;
/** One handler per client event of the protocol's table (src/protocol/schemas/client.ts): an event without one does not compile. */
export type Handlers = { [E in ClientEventName]: Handler<E> };

/** What the game server does for each client event. */
export function handlers(games: Games, limits: AddressLimits): Handlers {
  const as = (socket: GameSocket, command: (playerId: string) => PlayerCommand) => games.as(socket, command);
  return {
    'room:create': (socket, v) => games.create(socket, playsAs(socket, v.username)),
    'room:join': (socket, v) => lookFor(socket, limits.codeMisses, () => games.join(socket, v.code, playsAs(socket, v.username))),
    'room:leave': (socket) => games.leave(socket),
    'room:rejoin': (socket, v) => games.rejoin(socket, v.rejoinToken),
    'room:setReady': (socket, v) => as(socket, (playerId) => ({ type: 'setReady', playerId, ready: v.ready })),
    'room:updateSettings': (socket, v) => updateSettings(socket, games, limits.publicRooms, v),
    'room:rematch': (socket) => as(socket, (playerId) => ({ type: 'rematch', playerId })),
    'game:start': (socket) => as(socket, (playerId) => ({ type: 'start', playerId })),
    'game:move': (socket, v) => as(socket, (playerId) => ({ type: 'move', playerId, row: v.row, col: v.col })),
    'game:requestUndo': (socket) => games.requestUndo(socket),
    'game:respondUndo': (socket, v) => as(socket, (playerId) => ({ type: 'respondUndo', playerId, requestId: v.requestId, approved: v.approved })),
    'game:withdrawUndo': (socket) => as(socket, (playerId) => ({ type: 'withdrawUndo', playerId })),
    'game:forfeit': (socket) => games.forfeit(socket),
    'game:claimVictory': (socket) => as(socket, (playerId) => ({ type: 'claimVictory', playerId })),
    'lobby:subscribe': (socket) => games.subscribeLobby(socket),
    'lobby:unsubscribe': (socket) => games.unsubscribeLobby(socket),
    'pool:join': (socket, v) => games.joinPool(socket, { ...v, username: playsAs(socket, v.username) }),
    'pool:leave': (socket) => games.leavePool(socket),
    'room:watch': (socket, v) => lookFor(socket, limits.codeMisses, () => games.watch(socket, v.code)),
    'room:unwatch': (socket) => games.unwatch(socket),
  };
}

/** Wires one connection's events to their handlers. */
export function connect(socket: GameSocket, answer: Handlers, games: Games, limits: AddressLimits): void {
  const budget = new EventBudget(games.eventsPerSecond);
  const address = socket.data.address ?? null;
  const listen = <E extends ClientEventName>(event: E) => {
    const handle: Handler<E> = answer[event];
    // Payloads arrive as unknown whatever the client claims: parsed here, once.
    const listener = (...args: unknown[]) => {
      const last = args.at(-1);
      const reply = typeof last === 'function' ? (args.pop() as (a: Ack) => void) : () => {};
      if (!budget.take() || !limits.takeEvent(address)) return reply({ success: false, error: E.tooManyRequests });
      const parsed = parseClientPayload(event, args[0]);
      if (!parsed.ok) return reply({ success: false, error: parsed.error });
      handle(socket, parsed.value).then(reply, (error: unknown) => {
        console.error(`socket event ${event} failed`, error);
        reply({ success: false, error: 'Internal server error' });
      });
    };
    const name: ClientEventName = event;
    socket.on(name, listener);
  };
  for (const event of CLIENT_EVENT_NAMES) listen(event);
  // Not a handler's answer: a failure here (the database out of reach) is logged, never left to
  // end the process as an unhandled rejection would.
  socket.on('disconnect', () => void games.disconnected(socket).catch((error: unknown) => logFailure('a dropped connection', error)));
  void enter(socket, games).catch((error: unknown) => logFailure('coming back into a room', error));
}

/**
 * A room:join or room:watch, by code: a code that does not exist counts against the address, and
 * an address past its limit is told how long to wait, without the room even being looked for.
 */
async function lookFor<T extends Ack>(socket: GameSocket, misses: CodeMisses, look: () => Promise<T>): Promise<T | Ack> {
  const address = socket.data.address ?? null;
  const wait = misses.waitMs(address);
  if (wait > 0) return { success: false, error: LIMIT_ERRORS.tooManyRequestsFor(wait) };
  const ack = await look();
  if (ack.success || ack.error !== E.roomNotFound) return ack;
  const over = await misses.missed(address);
  return over > 0 ? { success: false, error: LIMIT_ERRORS.tooManyRequestsFor(over) } : ack;
}

/**
 * The host's settings. Making a room public first claims its place among the public rooms of the
 * host's address and account (public-rooms.ts), given back if the room refuses the change; a
 * room made private gives its place back.
 */
async function updateSettings(socket: GameSocket, games: Games, publicRooms: PublicRoomStore, settings: UpdateSettingsPayload): Promise<Ack> {
  const change = () => games.as(socket, (playerId) => ({ type: 'updateSettings', playerId, ...settings }));
  const roomId = socket.data.roomId;
  if (settings.visibility === undefined || !roomId || socket.data.watching) return change();
  if (settings.visibility === 'private') {
    const ack = await change();
    if (ack.success) await publicRooms.release(roomId);
    return ack;
  }
  const claim = await publicRooms.claim(roomId, joinedCode(socket) ?? '', { address: socket.data.address ?? null, userId: socket.data.userId ?? null });
  if ('refused' in claim) return { success: false, error: claim.refused };
  const ack = await change();
  if (!ack.success && claim.fresh) await publicRooms.release(roomId);
  return ack;
}

/**
 * A socket recovered by socket.io is the same player coming back; any other may carry a rejoin
 * token. Both are told where they are: the page cleared its room when the transport dropped.
 */
async function enter(socket: GameSocket, games: Games): Promise<void> {
  if (socket.recovered) {
    const entered = await games.recover(socket);
    if (entered?.success) return void socket.emit('room:rejoined', entered);
  }
  // A recovered socket skipped the middleware: its token is in this handshake, not in its old data.
  const token = socket.recovered ? parseHandshakeAuth(socket.handshake.auth).rejoinToken : socket.data.rejoinToken;
  if (!token) return;
  const entered = await games.rejoin(socket, token);
  if (entered.success) socket.emit('room:rejoined', entered);
}
