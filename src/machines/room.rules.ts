/**
 * The online room's vocabulary and rules as pure functions (SPEC §3, §4, §8): the context,
 * the error texts, and what the room statechart (./room.machine) decides with them.
 */
import type { PlayerIndex } from '../engine';
import {
  DEFAULT_ROOM_SETTINGS,
  type ClientToServerEvents,
  type EnteredRoom,
  type GameStateView,
  type PendingUndoView,
  type PlayerView,
  type RoomSettings,
  type RoomStatus,
  type RoomView,
  type ServerToClientEvents,
  type UpdateSettingsPayload,
} from '../protocol/messages';

export const ERRORS = {
  username: 'Please enter a username',
  roomCode: 'Please enter a room code',
  connect: 'Failed to connect to multiplayer server',
  listeners: 'Failed to set up WebSocket listeners',
  create: 'Failed to create room',
  join: 'Failed to join room',
  ready: 'Failed to update ready status',
  start: 'Failed to start game',
  settings: 'Failed to update settings',
  undoRejected: 'Undo request was rejected',
  requestUndo: 'Failed to request undo',
  respondUndo: 'Failed to respond to undo request',
  forfeit: 'Failed to forfeit',
  rematch: 'Failed to request a rematch',
} as const;

export const disconnectedMessage = (reason: string) => `Disconnected from server: ${reason}`;
export const connectionErrorMessage = (message: string) => `Connection error: ${message}`;

export type ClientEvent = keyof ClientToServerEvents;
export type ServerEvent = keyof ServerToClientEvents;

/** One client event to send: its name and payload. */
export interface Outgoing {
  event: ClientEvent;
  payload: object;
}

export interface CurrentRoom {
  code: string; // e.g. 'K3XQ9A'
  status: RoomStatus;
  isHost: boolean;
}

export interface RoomContext {
  isConnected: boolean;
  connectionError: string | null; // the error area's text (SPEC §8 "Lobby" and "Game")
  currentRoom: CurrentRoom | null;
  hostId: string | null;
  players: PlayerView[]; // join order: index = player index in the game
  localPlayerId: string | null;
  roomSettings: RoomSettings;
  gameState: GameStateView | null;
  lastMoveTimestamp: number | null;
  pendingUndoRequest: PendingUndoView | null;
  isCreatingRoom: boolean;
  isJoiningRoom: boolean;
  gameCountdown: number | null; // seconds left, 3, 2, 1
  rejoinToken: string | null; // kept by the page so a reload gets back in
  /** When each absent player's grace period ends (local clock), from room:playerDisconnected. */
  awayUntil: Record<string, number>;
  inFlight: (Outgoing & { fallback: string | null }) | null; // null fallback: only logged
}

/** Server events as machine events: the protocol's name and payload. */
export type ServerMessage = { [K in ServerEvent]: { type: K; payload: Parameters<ServerToClientEvents[K]>[0] } }[ServerEvent];

export type SocketMessage =
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected'; reason: string }
  | { type: 'socket.error'; message: string }
  | { type: 'socket.failed'; message: string }; // the page could not connect or listen at all

export type RoomEvent =
  | SocketMessage
  | ServerMessage
  | { type: 'room.create'; username: string }
  | { type: 'room.join'; code: string; username: string }
  | { type: 'room.leave' }
  | { type: 'ready.set'; ready: boolean }
  | { type: 'settings.update'; settings: UpdateSettingsPayload }
  | { type: 'game.start' }
  | { type: 'cell.place'; row: number; col: number }
  | { type: 'undo.request' }
  | { type: 'undo.respond'; approved: boolean }
  | { type: 'forfeit' }
  | { type: 'rematch.request' }
  | { type: 'error.clear' };

/** What the page tells the player with an alert; `backToLobby` after a forfeit (SPEC §4). */
export interface RoomNotice {
  type: 'notice';
  message: string;
  backToLobby: boolean;
}

// ---------------------------------------------------------------- pure rules

/** The local player's index in the players list (= its player index in the game), or null. */
export function localIndex(context: RoomContext): PlayerIndex | null {
  const index = context.players.findIndex((p) => p.id === context.localPlayerId);
  return index === 0 || index === 1 ? index : null;
}

/** SPEC §4: host, room full (count equals maxPlayers), all ready, status waiting. */
export function canStart({ currentRoom, players, roomSettings }: RoomContext): boolean {
  return (
    currentRoom !== null &&
    currentRoom.isHost &&
    currentRoom.status === 'waiting' &&
    players.length === roomSettings.maxPlayers &&
    players.every((p) => p.ready)
  );
}

/** SPEC §4: the local player's index in the players list equals currentPlayer. */
export function isLocalTurn(context: RoomContext): boolean {
  const index = localIndex(context);
  return index !== null && context.gameState !== null && context.gameState.currentPlayer === index;
}

/**
 * Where a rematch stands once a game has ended on a full board (after a forfeit both players
 * have left): `none` before that; `open` to ask; `asked` by us, waiting for the opponent;
 * `offered` by the opponent; `opponent-left` when there is nobody to play again.
 */
export type Rematch = 'none' | 'open' | 'asked' | 'offered' | 'opponent-left';

export function rematchOf(context: RoomContext): Rematch {
  const status = context.currentRoom?.status;
  const ended = context.gameState?.progress === 'over' && (status === 'finished' || status === 'waiting' || status === 'starting');
  if (!ended) return 'none';
  if (context.players.length < context.roomSettings.maxPlayers) return 'opponent-left';
  if (status === 'starting') return 'asked'; // both asked: the next game is counting down
  const me = localIndex(context);
  if (status === 'waiting' && me !== null && context.players[me]?.ready) return 'asked';
  if (status === 'waiting' && context.players.some((p) => p.ready && p.id !== context.localPlayerId)) return 'offered';
  return 'open';
}

/** SPEC §5: only on your own turn, while playing, and not while a request is pending. */
export function canRequestUndo(context: RoomContext): boolean {
  return isLocalTurn(context) && context.currentRoom?.status === 'playing' && context.pendingUndoRequest === null;
}

/** The opponent's undo request this player must answer, if any. */
export function incomingUndo(context: RoomContext): PendingUndoView | null {
  const pending = context.pendingUndoRequest;
  return pending && pending.requestedBy !== localIndex(context) ? pending : null;
}

/** SPEC §4 "Multiplayer game events": the finish alert from the local player's point of view. */
export function finishMessage(winner: PlayerIndex | 'draw', local: PlayerIndex | null): string {
  if (winner === 'draw') return 'Game ended in a draw!';
  return winner === local ? 'You won!' : 'You lost!';
}

/** A room view as context fields; the host flag is the local player's, whoever sent it. */
export function fromRoom(room: RoomView, localPlayerId: string | null): Partial<RoomContext> {
  return {
    currentRoom: { code: room.code, status: room.status, isHost: room.hostId === localPlayerId },
    hostId: room.hostId,
    players: room.players,
    roomSettings: { ...room.settings },
    pendingUndoRequest: room.pendingUndo,
  };
}

/**
 * A change in the room the server broadcast (players, readiness, host, connections): its view
 * replaces ours. The countdown shows only while starting: a player who withdrew readiness,
 * left or dropped stopped it. An update about another room (after leaving it) is ignored.
 */
export function roomUpdate(context: RoomContext, room: RoomView): Partial<RoomContext> {
  if (context.currentRoom?.code !== room.code) return {};
  return { ...fromRoom(room, context.localPlayerId), ...(room.status === 'starting' ? {} : { gameCountdown: null }) };
}

/** Marks a player away until their grace period ends, or (graceMs undefined) back. */
export function away(awayUntil: Record<string, number>, playerId: string, graceMs: number | undefined, now: number): Record<string, number> {
  const { [playerId]: _back, ...others } = awayUntil;
  return graceMs === undefined ? others : { ...others, [playerId]: now + graceMs };
}

/** Whole seconds left until `until` (never below 0), as a countdown shows them. */
export const secondsLeft = (until: number, now: number): number => Math.max(0, Math.ceil((until - now) / 1000));

export function entered({ room, playerId, rejoinToken, gameState }: EnteredRoom): Partial<RoomContext> {
  return { ...fromRoom(room, playerId), localPlayerId: playerId, rejoinToken, gameState, gameCountdown: null, connectionError: null, awayUntil: {} };
}

export const withStatus = (room: CurrentRoom | null, status: RoomStatus) => (room ? { ...room, status } : null);

/** The server's error text from a refused acknowledgement or a thrown error, else the fallback. */
export function failureText(outcome: unknown, fallback: string): string {
  if (typeof outcome === 'object' && outcome !== null && 'error' in outcome) {
    const { error } = outcome as { error: unknown };
    if (typeof error === 'string' && error) return error;
  }
  return fallback;
}

/** What a successful acknowledgement changes, by the event it answers. */
export function applyAck(context: RoomContext, { event }: Outgoing, ack: Record<string, unknown>): Partial<RoomContext> {
  switch (event) {
    case 'room:create':
    case 'room:join':
    case 'room:rejoin':
      return entered(ack as unknown as EnteredRoom);
    case 'room:setReady':
    case 'room:updateSettings':
    case 'room:rematch':
      return ack.room ? fromRoom(ack.room as RoomView, context.localPlayerId) : {};
    case 'game:move':
      return ack.gameState ? { gameState: ack.gameState as GameStateView, lastMoveTimestamp: Date.now() } : {};
    case 'game:requestUndo': {
      const requestedBy = localIndex(context);
      return typeof ack.requestId === 'string' && requestedBy !== null ? { pendingUndoRequest: { requestId: ack.requestId, requestedBy } } : {};
    }
    case 'game:respondUndo':
      return { pendingUndoRequest: null };
    default:
      return {};
  }
}

/** SPEC §4: leaving clears room, players, local id, pending undo and countdown. */
export const LEFT: Partial<RoomContext> = {
  currentRoom: null,
  hostId: null,
  players: [],
  localPlayerId: null,
  pendingUndoRequest: null,
  gameCountdown: null,
  gameState: null,
  rejoinToken: null,
  awayUntil: {},
};

export const initialRoomContext: RoomContext = {
  isConnected: false,
  connectionError: null,
  currentRoom: null,
  hostId: null,
  players: [],
  localPlayerId: null,
  roomSettings: DEFAULT_ROOM_SETTINGS,
  gameState: null,
  lastMoveTimestamp: null,
  pendingUndoRequest: null,
  isCreatingRoom: false,
  isJoiningRoom: false,
  gameCountdown: null,
  rejoinToken: null,
  awayUntil: {},
  inFlight: null,
};

// ---------------------------------------------------------------- the machine

