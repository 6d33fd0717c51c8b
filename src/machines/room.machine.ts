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
import { nameProblem, normalName } from '../game/names';
import type { Answered, ClientRequest } from '../protocol/messages';
import { seatOf } from '../protocol/rules';
import {
  ERRORS,
  LEFT,
  connectionErrorMessage,
  initialRoomContext,
  type RoomContext,
  type RoomEvent,
  type RoomNotice,
} from './room.context';
import {
  applyAck,
  away,
  canClaimVictory,
  canRequestUndo,
  canStart,
  disconnected,
  entered,
  failureText,
  finished,
  finishMessage,
  forfeitNotice,
  fromRoom,
  incomingUndo,
  isLocalTurn,
  inPlay,
  localSeat,
  lookAgain,
  NO_SHOW,
  ownUndo,
  rematchOf,
  roomUpdate,
  undoRequested,
  withStatus,
} from './room.rules';

export * from './room.context';
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
    request: fromPromise<Answered, ClientRequest>(async () => {
      throw new Error('No connection');
    }),
  },
  guards: {
    connected: ({ context }) => context.isConnected,
    'username is blank': ({ event }) => 'username' in event && nameProblem(normalName(event.username)) === 'blank',
    'room code is blank': ({ event }) => event.type === 'room.join' && event.code.trim() === '',
    'in a room': ({ context }) => context.currentRoom !== null && context.localPlayerId !== null,
    'is host': ({ context }) => context.currentRoom?.isHost === true,
    'start allowed': ({ context }) => canStart(context),
    "local player's turn": ({ context }) => isLocalTurn(context) && inPlay(context),
    'undo allowed': ({ context }) => canRequestUndo(context),
    'undo to answer': ({ context }) => incomingUndo(context) !== null,
    'own undo pending': ({ context }) => ownUndo(context) !== null,
    'victory claimable': ({ context }) => canClaimVictory(context),
    'in this room': ({ context, event }) => 'payload' in event && typeof event.payload === 'object' && 'room' in event.payload && context.currentRoom?.code === event.payload.room.code,
    'in a room now': ({ context }) => context.currentRoom !== null,
    'rematch allowed': ({ context }) => ['open', 'offered'].includes(rematchOf(context)),
    playing: ({ context }) => context.currentRoom?.status === 'playing',
    'in the pool': ({ context }) => context.pool !== null,
    'not in a room': ({ context }) => context.currentRoom === null,
  },
  actions: {
    leave: assign(() => LEFT),
    'tell the server we left': spawnChild('request', { input: { event: 'room:leave', payload: {} } }),
    // Leaving a game under way forfeits it (the page asked first): said, then the leave.
    'forfeit if playing': enqueueActions(({ context, enqueue }) => {
      if (context.currentRoom?.status === 'playing') enqueue.spawnChild('request', { input: { event: 'game:forfeit', payload: {} } });
    }),
    /** Starts a request: what to send and the text shown if it fails. */
    begin: assign((_, inFlight: Begin) => ({
      inFlight,
      isCreatingRoom: inFlight.event === 'room:create',
      isJoiningRoom: inFlight.event === 'room:join',
      connectionError: null,
    })),
    'clear request': assign({ inFlight: null, isCreatingRoom: false, isJoiningRoom: false }),
    /** A refused acknowledgement, or what was thrown (no answer in time, no connection). */
    'show failure': assign(({ context }, { outcome }: { outcome: unknown }) => {
      const inFlight = context.inFlight;
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
    // SPEC §5, §8: the lobby's own checks, as the page runs them on Enter or on leaving an empty field.
    'lobby.missing': { actions: assign({ connectionError: ({ event }) => (event.field === 'username' ? ERRORS.username : ERRORS.roomCode) }) },
    // Not blocking: the socket reconnects by itself and the rejoin token puts us back (src/net/socket.ts).
    'server:restarting': { actions: assign({ serverRestarting: true }) },
    'socket.error': { actions: assign({ connectionError: ({ event }) => connectionErrorMessage(event.message) }) },
    'socket.failed': { actions: assign({ connectionError: ({ event }) => event.message }) },
    'room:playerJoined': { actions: assign(({ context, event }) => fromRoom(event.payload.room, context.localPlayerId)) },
    'room:playerLeft': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const again = lookAgain(context, event.payload.room);
        if (!again) return enqueue.assign(roomUpdate(context, event.payload.room));
        // Quick play, the opponent never came: out of that room and back in the pool at once.
        enqueue.emit({ type: 'notice', message: NO_SHOW, backToLobby: false });
        enqueue('tell the server we left');
        enqueue('leave');
        enqueue.raise(again);
      }),
    },
    // The room comes too: a change of settings un-readies the guest.
    'room:settingsUpdated': {
      actions: assign(({ context, event }) => ({ roomSettings: { ...context.roomSettings, ...event.payload.settings }, ...roomUpdate(context, event.payload.room) })),
    },
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
    'room:spectators': { actions: assign({ watchers: ({ context, event: { payload } }) => ({ ...context.watchers, [payload.code]: payload.count }) }) },
    'game:started': {
      actions: assign(({ context, event }) => ({
        ...fromRoom(event.payload.room, context.localPlayerId),
        currentRoom: withStatus(fromRoom(event.payload.room, context.localPlayerId).currentRoom ?? null, 'playing'),
        gameState: event.payload.gameState,
        moveRefusal: null,
        finish: null,
        gameCountdown: null,
        pendingUndoRequest: null,
      })),
    },
    // A move restarts the idle clock: nobody may claim victory until it runs out again.
    'game:moveMade': {
      actions: assign({ gameState: ({ event }) => event.payload.gameState, lastMoveTimestamp: () => Date.now(), claimableBy: null, moveRefusal: null }),
    },
    'game:finished': {
      // News of a room we left (e.g. the game we forfeited on leaving) changes nothing.
      guard: 'in this room',
      actions: [
        assign(({ context, event }) => finished(context, event.payload)),
        // A forfeit has its own alert (game:forfeited); a full board and a flag on time
        // get Game Results. An aborted or claimed game is told on the page (resultText).
        enqueueActions(({ context, event: { payload }, enqueue }) => {
          if ((payload.reason !== 'board-full' && payload.reason !== 'timeout') || payload.winner === null) return;
          const seat = seatOf(payload.gameState, context.localPlayerId) ?? null;
          enqueue.emit({ type: 'notice', message: finishMessage(payload.winner, seat), backToLobby: false, finished: true });
        }),
      ],
    },
    'game:undoRequested': {
      actions: assign(({ context, event: { payload } }) => undoRequested(context, { requestId: payload.requestId, requestedBy: payload.requestedBy })),
    },
    // The turn goes back: the idle clock starts again.
    'game:undoApproved': { actions: assign({ gameState: ({ event }) => event.payload.gameState, pendingUndoRequest: null, claimableBy: null, moveRefusal: null }) },
    // Answered no, or left unanswered for UNDO_LAPSE_MS (the server then rejects it itself).
    'game:undoRejected': {
      actions: assign(({ context, event }) => {
        const pending = context.pendingUndoRequest;
        if (pending !== null && pending.requestId !== event.payload.requestId) return {};
        return {
          pendingUndoRequest: null,
          // Only the player who asked is told.
          connectionError: pending !== null && pending.requestedBy === localSeat(context) ? ERRORS.undoRejected : context.connectionError,
        };
      }),
    },
    // The requester took it back: the responder's prompt goes.
    'game:undoWithdrawn': {
      actions: assign(({ context, event }) => (context.pendingUndoRequest?.requestId === event.payload.requestId ? { pendingUndoRequest: null } : {})),
    },
    // After a restart the player to move is back: their clock runs again.
    'game:clockResumed': {
      actions: assign(({ context, event }) => (context.gameState ? { gameState: { ...context.gameState, clocks: event.payload.clocks } } : {})),
    },
    'game:victoryClaimable': {
      guard: 'in this room',
      actions: assign(({ context, event: { payload } }) => ({ ...fromRoom(payload.room, context.localPlayerId), claimableBy: payload.claimant })),
    },
  },
  states: {
    connection: {
      initial: 'disconnected',
      states: {
        disconnected: {
          on: { 'socket.connected': { target: 'connected', actions: assign({ isConnected: true, connectionError: null, serverRestarting: false }) } },
        },
        connected: {
          on: {
            'socket.disconnected': {
              target: 'disconnected',
              actions: assign(({ context, event }) => disconnected(context, event.reason)),
            },
          },
        },
      },
    },
    request: {
      initial: 'idle',
      on: {
        'room.leave': { target: '.idle', actions: ['forfeit if playing', 'tell the server we left', 'leave'] },
        'socket.disconnected': '.idle',
        // Quick play: Cancel is one click; the server is told, the page stops looking at once.
        'pool.leave': {
          guard: 'in the pool',
          actions: [assign({ pool: null }), spawnChild('request', { input: { event: 'pool:leave', payload: {} } })],
        },
        // Paired: into the room with the token sent, whatever else was under way (a Cancel too late).
        'pool:paired': {
          guard: 'not in a room',
          target: '.busy',
          reenter: true,
          actions: [
            assign({ pool: null }),
            {
              type: 'begin',
              params: ({ event }) => ({ event: 'room:rejoin', payload: { rejoinToken: event.payload.rejoinToken }, fallback: ERRORS.join }),
            },
          ],
        },
        'game:forfeited': {
          // Only in a room: the player who forfeited by leaving has gone already. SPEC §4's alert,
          // then the game ends in place (game:finished follows): the final board, the result, the
          // ratings and Rematch stay until the player goes back to the lobby.
          guard: 'in a room now',
          target: '.idle',
          actions: emit(({ event }) => forfeitNotice(event.payload)),
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
            'pool.join': [
              { guard: 'username is blank', actions: assign({ connectionError: ERRORS.username }) },
              {
                guard: 'connected',
                target: 'busy',
                actions: {
                  type: 'begin',
                  params: ({ event: { username, boardSize, timeControl } }) => ({
                    event: 'pool:join',
                    payload: { username: username.trim(), boardSize, timeControl },
                    fallback: ERRORS.pool,
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
            'undo.withdraw': {
              guard: 'own undo pending',
              target: 'busy',
              actions: { type: 'begin', params: { event: 'game:withdrawUndo', payload: {}, fallback: ERRORS.withdrawUndo } },
            },
            'victory.claim': {
              guard: 'victory claimable',
              target: 'busy',
              actions: { type: 'begin', params: { event: 'game:claimVictory', payload: {}, fallback: ERRORS.claimVictory } },
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
            input: ({ context }) => context.inFlight!,
            onDone: [
              {
                guard: ({ event }) => event.output.ack.success,
                target: 'idle',
                actions: assign(({ context, event }) => applyAck(context, event.output)),
              },
              {
                target: 'idle',
                actions: [
                  { type: 'show failure', params: ({ event }) => ({ outcome: event.output.ack }) },
                  // The game view says why a move was refused, while the turn is still the player's.
                  assign(({ event: { output } }) => (output.event === 'game:move' && !output.ack.success ? { moveRefusal: output.ack.error || null } : {})),
                ],
              },
            ],
            onError: { target: 'idle', actions: { type: 'show failure', params: ({ event }) => ({ outcome: event.error }) } },
          },
        },
      },
    },
  },
});

export type RoomActor = ActorRefFrom<typeof roomMachine>;
