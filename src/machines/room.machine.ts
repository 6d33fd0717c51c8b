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
import type { Ack } from '../protocol/messages';

import {
  ERRORS,
  LEFT,
  type Outgoing,
  type RoomContext,
  type RoomEvent,
  type RoomNotice,
  applyAck,
  away,
  canRequestUndo,
  canStart,
  connectionErrorMessage,
  disconnectedMessage,
  entered,
  failureText,
  finishMessage,
  fromRoom,
  incomingUndo,
  initialRoomContext,
  isLocalTurn,
  localIndex,
  rematchOf,
  roomUpdate,
  withStatus,
} from './room.rules';

export * from './room.rules';

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
    'rematch allowed': ({ context }) => ['open', 'offered'].includes(rematchOf(context)),
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
    'room:playerLeft': { actions: assign(({ context, event }) => roomUpdate(context, event.payload.room)) },
    'room:settingsUpdated': { actions: assign({ roomSettings: ({ context, event }) => ({ ...context.roomSettings, ...event.payload.settings }) }) },
    'room:playerReady': { actions: assign(({ context, event }) => roomUpdate(context, event.payload.room)) },
    'room:gameStarting': {
      actions: assign({
        gameCountdown: ({ event }) => event.payload.countdown,
        currentRoom: ({ context }) => withStatus(context.currentRoom, 'starting'),
      }),
    },
    'room:playerDisconnected': {
      actions: assign(({ context, event: { payload } }) => ({
        ...roomUpdate(context, payload.room),
        awayUntil: away(context.awayUntil, payload.playerId, payload.graceMs, Date.now()),
      })),
    },
    'room:playerReconnected': {
      actions: assign(({ context, event: { payload } }) => ({
        ...roomUpdate(context, payload.room),
        awayUntil: away(context.awayUntil, payload.playerId, undefined, Date.now()),
      })),
    },
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
            'rematch.request': {
              guard: 'rematch allowed',
              target: 'busy',
              actions: { type: 'begin', params: { event: 'room:rematch', payload: {}, fallback: ERRORS.rematch } },
            },
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
