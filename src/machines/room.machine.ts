/**
 * The online room as a statechart (SPEC §3 "Multiplayer state", §4 "Multiplayer room",
 * "Multiplayer game events", "Socket connection", §8 "Lobby" and "Game"). The server is
 * authoritative: this machine mirrors what it sends and forwards the player's requests.
 *
 * Two parallel regions:
 * - `connection` follows the socket (connected or not).
 * - `request` runs one request at a time and applies its acknowledgement, or shows the
 *   server's error text (else the spec's fallback). Leaving cancels it.
 *
 * I/O is two actors the page provides: `connection` (socket and server events in) and
 * `request` (one client event out, resolving with the server's acknowledgement).
 */
import { assign, emit, enqueueActions, fromCallback, fromPromise, setup, spawnChild, type ActorRefFrom } from 'xstate';
import type { PlayerIndex } from '../engine';
import {
  DEFAULT_ROOM_SETTINGS,
  type Ack,
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
function fromRoom(room: RoomView, localPlayerId: string | null): Partial<RoomContext> {
  return {
    currentRoom: { code: room.code, status: room.status, isHost: room.hostId === localPlayerId },
    hostId: room.hostId,
    players: room.players,
    roomSettings: { ...room.settings },
    pendingUndoRequest: room.pendingUndo,
  };
}

function entered({ room, playerId, rejoinToken, gameState }: EnteredRoom): Partial<RoomContext> {
  return { ...fromRoom(room, playerId), localPlayerId: playerId, rejoinToken, gameState, gameCountdown: null, connectionError: null };
}

const withStatus = (room: CurrentRoom | null, status: RoomStatus) => (room ? { ...room, status } : null);

/** The server's error text from a refused acknowledgement or a thrown error, else the fallback. */
function failureText(outcome: unknown, fallback: string): string {
  if (typeof outcome === 'object' && outcome !== null && 'error' in outcome) {
    const { error } = outcome as { error: unknown };
    if (typeof error === 'string' && error) return error;
  }
  return fallback;
}

/** What a successful acknowledgement changes, by the event it answers. */
function applyAck(context: RoomContext, { event }: Outgoing, ack: Record<string, unknown>): Partial<RoomContext> {
  switch (event) {
    case 'room:create':
    case 'room:join':
    case 'room:rejoin':
      return entered(ack as unknown as EnteredRoom);
    case 'room:setReady':
    case 'room:updateSettings':
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
const LEFT: Partial<RoomContext> = {
  currentRoom: null,
  hostId: null,
  players: [],
  localPlayerId: null,
  pendingUndoRequest: null,
  gameCountdown: null,
  gameState: null,
  rejoinToken: null,
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
  inFlight: null,
};

// ---------------------------------------------------------------- the machine

type Begin = NonNullable<RoomContext['inFlight']>;

export const roomMachine = setup({
  types: {
    context: {} as RoomContext,
    events: {} as RoomEvent,
    emitted: {} as RoomNotice,
  },
  actors: {
    // Provided by the page (src/ui/multiplayer): the defaults do nothing.
    connection: fromCallback<RoomEvent>(() => () => {}),
    request: fromPromise<Ack<object>, Outgoing>(async () => ({ success: false, error: 'No connection' })),
  },
  guards: {
    connected: ({ context }) => context.isConnected,
    'username is blank': ({ event }) => 'username' in event && event.username.trim() === '',
    'room code is blank': ({ event }) => event.type === 'room.join' && event.code.trim() === '',
    'in a room': ({ context }) => context.currentRoom !== null && context.localPlayerId !== null,
    'is host': ({ context }) => context.currentRoom?.isHost === true,
    'start allowed': ({ context }) => canStart(context),
    "local player's turn": ({ context }) =>
      isLocalTurn(context) && context.currentRoom?.status === 'playing' && context.gameState?.progress === 'playing',
    'undo allowed': ({ context }) => canRequestUndo(context),
    'undo to answer': ({ context }) => incomingUndo(context) !== null,
    playing: ({ context }) => context.currentRoom?.status === 'playing',
    acknowledged: ({ event }) => (event as { output?: Ack<object> }).output?.success === true,
  },
  actions: {
    leave: assign(() => LEFT),
    'tell the server we left': spawnChild('request', { input: { event: 'room:leave', payload: {} } }),
    /** Starts a request: what to send and the text shown if it fails. */
    begin: assign((_, inFlight: Begin) => ({
      inFlight,
      isCreatingRoom: inFlight.event === 'room:create',
      isJoiningRoom: inFlight.event === 'room:join',
      connectionError: null,
    })),
    'clear request': assign({ inFlight: null, isCreatingRoom: false, isJoiningRoom: false }),
    'show failure': assign(({ context, event }) => {
      const inFlight = context.inFlight;
      // A done event carries the refused acknowledgement; an error event what was thrown.
      const done = event as unknown as { output?: unknown; error?: unknown };
      const outcome = done.output ?? done.error;
      if (!inFlight || inFlight.fallback === null) {
        console.warn('Multiplayer request failed', inFlight?.event, outcome);
        return {};
      }
      return { connectionError: failureText(outcome, inFlight.fallback) };
    }),
  },
}).createMachine({
  id: 'room',
  context: initialRoomContext,
  type: 'parallel',
  invoke: { src: 'connection' },
  on: {
    'error.clear': { actions: assign({ connectionError: null }) },
    'socket.error': { actions: assign({ connectionError: ({ event }) => connectionErrorMessage(event.message) }) },
    'socket.failed': { actions: assign({ connectionError: ({ event }) => event.message }) },
    'room:playerJoined': { actions: assign(({ context, event }) => fromRoom(event.payload.room, context.localPlayerId)) },
    'room:playerLeft': {
      actions: assign(({ context, event }) => ({
        players: event.payload.players,
        hostId: event.payload.hostId,
        currentRoom: context.currentRoom && { ...context.currentRoom, isHost: event.payload.hostId === context.localPlayerId },
      })),
    },
    'room:settingsUpdated': { actions: assign({ roomSettings: ({ context, event }) => ({ ...context.roomSettings, ...event.payload.settings }) }) },
    'room:playerReady': {
      actions: assign({
        players: ({ context, event }) => context.players.map((p) => (p.id === event.payload.playerId ? { ...p, ready: event.payload.ready } : p)),
      }),
    },
    'room:gameStarting': {
      actions: assign({
        gameCountdown: ({ event }) => event.payload.countdown,
        currentRoom: ({ context }) => withStatus(context.currentRoom, 'starting'),
      }),
    },
    'room:playerDisconnected': { actions: assign({ players: ({ event }) => event.payload.players }) },
    'room:playerReconnected': { actions: assign({ players: ({ event }) => event.payload.players }) },
    'room:rejoined': { actions: assign(({ event }) => entered(event.payload)) },
    'game:started': {
      actions: assign(({ context, event }) => ({
        ...fromRoom(event.payload.room, context.localPlayerId),
        currentRoom: withStatus(fromRoom(event.payload.room, context.localPlayerId).currentRoom ?? null, 'playing'),
        gameState: event.payload.gameState,
        gameCountdown: null,
        pendingUndoRequest: null,
      })),
    },
    'game:moveMade': { actions: assign({ gameState: ({ event }) => event.payload.gameState, lastMoveTimestamp: () => Date.now() }) },
    'game:finished': {
      actions: [
        assign({
          gameState: ({ event }) => event.payload.gameState,
          currentRoom: ({ context }) => withStatus(context.currentRoom, 'finished'),
          pendingUndoRequest: null,
        }),
        // A forfeit has its own alert (game:forfeited); only a full board gets this one.
        enqueueActions(({ context, event, enqueue }) => {
          if (event.payload.reason !== 'board-full') return;
          enqueue.emit({ type: 'notice', message: finishMessage(event.payload.winner, localIndex(context)), backToLobby: false });
        }),
      ],
    },
    'game:undoRequested': {
      actions: assign({ pendingUndoRequest: ({ event }) => ({ requestId: event.payload.requestId, requestedBy: event.payload.requestedBy }) }),
    },
    'game:undoApproved': { actions: assign({ gameState: ({ event }) => event.payload.gameState, pendingUndoRequest: null }) },
    'game:undoRejected': {
      actions: assign(({ context }) => ({
        pendingUndoRequest: null,
        // Only the player who asked is told.
        connectionError: context.pendingUndoRequest?.requestedBy === localIndex(context) ? ERRORS.undoRejected : context.connectionError,
      })),
    },
  },
  states: {
    connection: {
      initial: 'disconnected',
      states: {
        disconnected: {
          on: { 'socket.connected': { target: 'connected', actions: assign({ isConnected: true, connectionError: null }) } },
        },
        connected: {
          on: {
            'socket.disconnected': {
              target: 'disconnected',
              // SPEC §4: disconnect clears room, players and local id; the rejoin token stays.
              actions: assign(({ event }) => ({
                isConnected: false,
                connectionError: disconnectedMessage(event.reason),
                currentRoom: null,
                hostId: null,
                players: [],
                localPlayerId: null,
              })),
            },
          },
        },
      },
    },
    request: {
      initial: 'idle',
      on: {
        'room.leave': { target: '.idle', actions: ['tell the server we left', 'leave'] },
        'socket.disconnected': '.idle',
        'game:forfeited': {
          target: '.idle',
          actions: [
            emit(({ event }) => ({
              type: 'notice' as const,
              message: `${event.payload.forfeitingPlayer.username} forfeited the game!`,
              backToLobby: true,
            })),
            'tell the server we left',
            'leave',
          ],
        },
      },
      states: {
        idle: {
          // On entry, not on leaving busy: exit actions run before the answer is applied.
          entry: 'clear request',
          on: {
            'room.create': [
              { guard: 'username is blank', actions: assign({ connectionError: ERRORS.username }) },
              {
                guard: 'connected',
                target: 'busy',
                actions: { type: 'begin', params: ({ event }) => ({ event: 'room:create', payload: { username: event.username.trim() }, fallback: ERRORS.create }) },
              },
            ],
            'room.join': [
              { guard: 'username is blank', actions: assign({ connectionError: ERRORS.username }) },
              { guard: 'room code is blank', actions: assign({ connectionError: ERRORS.roomCode }) },
              {
                guard: 'connected',
                target: 'busy',
                actions: {
                  type: 'begin',
                  params: ({ event: { code, username } }) => ({
                    event: 'room:join',
                    payload: { code: code.trim().toUpperCase(), username: username.trim() },
                    fallback: ERRORS.join,
                  }),
                },
              },
            ],
            'ready.set': {
              guard: 'in a room',
              target: 'busy',
              actions: { type: 'begin', params: ({ event }) => ({ event: 'room:setReady', payload: { ready: event.ready }, fallback: ERRORS.ready }) },
            },
            'settings.update': {
              guard: 'is host',
              target: 'busy',
              actions: { type: 'begin', params: ({ event }) => ({ event: 'room:updateSettings', payload: event.settings, fallback: ERRORS.settings }) },
            },
            'game.start': { guard: 'start allowed', target: 'busy', actions: { type: 'begin', params: { event: 'game:start', payload: {}, fallback: ERRORS.start } } },
            // SPEC §5: clicks off the local player's turn are ignored; a failed move is only logged.
            'cell.place': {
              guard: "local player's turn",
              target: 'busy',
              actions: { type: 'begin', params: ({ event: { row, col } }) => ({ event: 'game:move', payload: { row, col }, fallback: null }) },
            },
            'undo.request': {
              guard: 'undo allowed',
              target: 'busy',
              actions: { type: 'begin', params: { event: 'game:requestUndo', payload: {}, fallback: ERRORS.requestUndo } },
            },
            'undo.respond': {
              guard: 'undo to answer',
              target: 'busy',
              actions: {
                type: 'begin',
                params: ({ context, event }) => ({
                  event: 'game:respondUndo',
                  payload: { requestId: context.pendingUndoRequest?.requestId ?? '', approved: event.approved },
                  fallback: ERRORS.respondUndo,
                }),
              },
            },
            forfeit: { guard: 'playing', target: 'busy', actions: { type: 'begin', params: { event: 'game:forfeit', payload: {}, fallback: ERRORS.forfeit } } },
          },
        },
        busy: {
          invoke: {
            src: 'request',
            input: ({ context }) => ({ event: context.inFlight!.event, payload: context.inFlight!.payload }),
            onDone: [
              {
                guard: 'acknowledged',
                target: 'idle',
                actions: assign(({ context, event }) => applyAck(context, context.inFlight!, event.output as Record<string, unknown>)),
              },
              { target: 'idle', actions: 'show failure' },
            ],
            onError: { target: 'idle', actions: 'show failure' },
          },
        },
      },
    },
  },
});

export type RoomActor = ActorRefFrom<typeof roomMachine>;
