/**
 * socket.io behind a small transport: the typed server, and one handler per client
 * event that parses its payload at the edge, spends the socket's event budget and its address's
 * (client-limits.ts) and answers with the game server's acknowledgement. Nothing here decides a
 * rule of the game; the limits per address that concern one event are held here too: room codes
 * that do not exist, and public rooms.
 */
import type { Server, Socket } from 'socket.io';
import {
  LIMIT_ERRORS,
  SERVER_ERRORS as E,
  parseCreateRoom,
  parseEmpty,
  parseHandshakeAuth,
  parseJoinPool,
  parseJoinRoom,
  parseMove,
  parseRejoin,
  parseRespondUndo,
  parseSetReady,
  parseUpdateSettings,
  parseWatchRoom,
  type ClientToServerEvents,
  type JoinPoolPayload,
  type Parsed,
  type ServerToClientWireEvents,
  type UpdateSettingsPayload,
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

/** The server sends every score as its decimal string (ServerToClientWireEvents). */
export type GameIo = Server<ClientToServerEvents, ServerToClientWireEvents, NodeEvents, SocketData>;
export type GameSocket = Socket<ClientToServerEvents, ServerToClientWireEvents, NodeEvents, SocketData>;

type ClientEvent = keyof ClientToServerEvents;

/** An acknowledgement as sent. */
export type Ack = { success: true; [data: string]: unknown } | { success: false; error: string; node?: string };

/** What the transport asks of the game server (game-server.ts), one call per client event. */
export interface Games {
  readonly eventsPerSecond: number;
  create(socket: GameSocket, username: string): Promise<Ack>;
  join(socket: GameSocket, code: string, username: string): Promise<Ack>;
  leave(socket: GameSocket): Promise<Ack>;
  rejoin(socket: GameSocket, token: string): Promise<Ack>;
  recover(socket: GameSocket): Promise<Ack | undefined>;
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

/** Wires one connection's events to the game server. */
export function connect(socket: GameSocket, games: Games, limits: AddressLimits): void {
  const budget = new EventBudget(games.eventsPerSecond);
  const address = socket.data.address ?? null;
  const on = <T>(event: ClientEvent, parse: (input: unknown) => Parsed<T>, handle: (value: T) => Promise<Ack>) => {
    // Payloads arrive as unknown whatever the client claims: parsed here, once.
    const listener = (...args: unknown[]) => {
      const last = args.at(-1);
      const reply = typeof last === 'function' ? (args.pop() as (a: Ack) => void) : () => {};
      if (!budget.take() || !limits.takeEvent(address)) return reply({ success: false, error: E.tooManyRequests });
      const parsed = parse(args[0]);
      if (!parsed.ok) return reply({ success: false, error: parsed.error });
      handle(parsed.value).then(reply, (error: unknown) => {
        console.error(`socket event ${event} failed`, error);
        reply({ success: false, error: 'Internal server error' });
      });
    };
    socket.on(event, listener as never);
  };
  on('room:create', parseCreateRoom, (v) => games.create(socket, playsAs(socket, v.username)));
  on('room:join', parseJoinRoom, (v) => lookFor(socket, limits.codeMisses, () => games.join(socket, v.code, playsAs(socket, v.username))));
  on('room:leave', parseEmpty, () => games.leave(socket));
  on('room:rejoin', parseRejoin, (v) => games.rejoin(socket, v.rejoinToken));
  on('room:setReady', parseSetReady, (v) => games.as(socket, (playerId) => ({ type: 'setReady', playerId, ready: v.ready })));
  on('room:updateSettings', parseUpdateSettings, (v) => updateSettings(socket, games, limits.publicRooms, v));
  on('game:start', parseEmpty, () => games.as(socket, (playerId) => ({ type: 'start', playerId })));
  on('room:rematch', parseEmpty, () => games.as(socket, (playerId) => ({ type: 'rematch', playerId })));
  on('game:move', parseMove, (v) => games.as(socket, (playerId) => ({ type: 'move', playerId, row: v.row, col: v.col })));
  on('game:requestUndo', parseEmpty, () => games.requestUndo(socket));
  on('game:respondUndo', parseRespondUndo, (v) => games.as(socket, (playerId) => ({ type: 'respondUndo', playerId, requestId: v.requestId, approved: v.approved })));
  on('game:withdrawUndo', parseEmpty, () => games.as(socket, (playerId) => ({ type: 'withdrawUndo', playerId })));
  on('game:forfeit', parseEmpty, () => games.forfeit(socket));
  on('game:claimVictory', parseEmpty, () => games.as(socket, (playerId) => ({ type: 'claimVictory', playerId })));
  on('lobby:subscribe', parseEmpty, () => games.subscribeLobby(socket));
  on('lobby:unsubscribe', parseEmpty, () => games.unsubscribeLobby(socket));
  on('pool:join', parseJoinPool, (v) => games.joinPool(socket, { ...v, username: playsAs(socket, v.username) }));
  on('pool:leave', parseEmpty, () => games.leavePool(socket));
  on('room:watch', parseWatchRoom, (v) => lookFor(socket, limits.codeMisses, () => games.watch(socket, v.code)));
  on('room:unwatch', parseEmpty, () => games.unwatch(socket));
  // Not a handler's answer: a failure here (the database out of reach) is logged, never left to
  // end the process as an unhandled rejection would.
  socket.on('disconnect', () => void games.disconnected(socket).catch((error: unknown) => logFailure('a dropped connection', error)));
  void enter(socket, games).catch((error: unknown) => logFailure('coming back into a room', error));
}

/**
 * A room:join or room:watch, by code: a code that does not exist counts against the address, and
 * an address past its limit is told how long to wait, without the room even being looked for.
 */
async function lookFor(socket: GameSocket, misses: CodeMisses, look: () => Promise<Ack>): Promise<Ack> {
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
    if (entered?.success) return void socket.emit('room:rejoined', entered as never);
  }
  // A recovered socket skipped the middleware: its token is in this handshake, not in its old data.
  const token = socket.recovered ? parseHandshakeAuth(socket.handshake.auth).rejoinToken : socket.data.rejoinToken;
  if (!token) return;
  const entered = await games.rejoin(socket, token);
  if (entered.success) socket.emit('room:rejoined', entered as never);
}
