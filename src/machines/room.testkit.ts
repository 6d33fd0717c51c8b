/** Shared set-up of the room statechart tests: fakes for the socket I/O only. */
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AckOf, Answered, ClientEventName, ClientRequest, GameStateView, PlayerView, RoomView } from '../protocol/messages';
import { initialRoomContext, roomMachine, type RoomContext, type RoomEvent, type RoomNotice } from './room.machine';

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export const player = (id: string, ready = false): PlayerView => ({ id, username: id.toUpperCase(), ready, connected: true, signedIn: false });
export const ALICE = player('alice');
export const BOB = player('bob');

export function room(overrides: Partial<RoomView> = {}): RoomView {
  return {
    code: 'ABC123',
    status: 'waiting',
    hostId: 'alice',
    players: [ALICE],
    settings: { boardSize: 6, scoringMechanism: 'connection', maxPlayers: 2, rated: true, timeControl: 'untimed', visibility: 'private' },
    pendingUndo: null,
    undoRequestsLeft: [3, 3],
    claimableBy: null,
    quickPlay: false,
    ...overrides,
  };
}

export function gameState(overrides: Partial<GameStateView> = {}): GameStateView {
  return {
    boardState: { occupiedCells: [[], []], gridWidth: 6, gridHeight: 6 },
    scores: [0n, 0n],
    currentPlayer: 0,
    progress: 'playing',
    scoreHistory1: [],
    scoreHistory2: [],
    scoringMechanism: 'connection',
    moveCount: 0,
    lastMove: null,
    seats: [
      { id: 'alice', username: 'ALICE' },
      { id: 'bob', username: 'BOB' },
    ],
    clocks: null,
    ...overrides,
  };
}

/** Fakes stand in for the socket only: every request is recorded and answered by the test. */
export function start() {
  /** Each request's event and payload, as the socket sends them. */
  const sent: { event: string; payload: unknown }[] = [];
  let answer = deferred<AckOf<ClientEventName>>();
  let listening = 0;
  const machine = roomMachine.provide({
    actors: {
      connection: fromCallback(() => {
        listening += 1;
        return () => {
          listening -= 1;
        };
      }),
      request: fromPromise<Answered, ClientRequest>(async ({ input }) => {
        sent.push({ event: input.event, payload: input.payload });
        // Leaving is fire-and-forget: answer it at once so it never holds a test up.
        const ack = input.event === 'room:leave' ? { success: true as const } : await answer.promise;
        // The test answers the request in flight as the server would answer that event.
        return { event: input.event, payload: input.payload, ack } as Answered;
      }),
    },
  });
  const actor = createActor(machine).start();
  const notices: RoomNotice[] = [];
  actor.on('notice', (notice) => notices.push(notice));
  return {
    actor,
    sent,
    notices,
    listening: () => listening,
    context: () => actor.getSnapshot().context,
    send: (event: RoomEvent) => actor.send(event),
    /** Answers the request in flight and lets the machine take the answer. */
    async reply(ack: AckOf<ClientEventName> | Error) {
      const current = answer;
      answer = deferred();
      if (ack instanceof Error) current.reject(ack);
      else current.resolve(ack);
      await flush();
    },
  };
}

/** A started machine, connected and in a room as `localId`. */
export async function inRoom(localId = 'alice', view: RoomView = room()) {
  const t = start();
  t.send({ type: 'socket.connected' });
  t.send({ type: 'room.create', username: 'x' });
  await t.reply({ success: true, room: view, playerId: localId, rejoinToken: 'rt', gameState: null });
  return t;
}

/** In a game of two, alice (host, player 0) against bob. */
export async function inGame(localId = 'alice', state = gameState()) {
  const t = await inRoom(localId, room({ players: [ALICE, BOB] }));
  t.send({ type: 'game:started', payload: { room: room({ status: 'playing', players: [ALICE, BOB] }), gameState: state } });
  return t;
}

export const ctx = (overrides: Partial<RoomContext>): RoomContext => ({ ...initialRoomContext, ...overrides });
