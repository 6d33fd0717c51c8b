/**
 * One online room as a statechart (SPEC §4 "Multiplayer room", issue 6): waiting →
 * starting (the countdown) → playing → finished. The room's data is the plain Room of
 * room.ts; every guard and action is one call into its pure rules or into the effects the
 * game server injects (broadcasting stays in the socket layer). `status` on the Room
 * mirrors the current state, written on entry so that views sent from the same step see it.
 */
import { assign, cancel, enqueueActions, raise, setup, type ActorRefFrom } from 'xstate';
import type { PlayerIndex } from '../../../src/engine';
import type { FinishReason, RoomStatus } from '../../../src/protocol';
import { beginGame, boardIsFull, otherPlayer, prepareRematch, startRefusal, winnerOf, type Room } from './room';

export type Winner = PlayerIndex | 'draw';

/** What the room does to the world; the game server broadcasts. */
export interface RoomEffects {
  /** One countdown tick (room:gameStarting); `left` counts down to 1. */
  countdown(left: number): void;
  /** The game has begun (game:started). */
  started(): void;
  /** A player forfeits or abandoned the game (game:forfeited), before `finished`. */
  forfeited(index: PlayerIndex, reason: Extract<FinishReason, 'forfeit' | 'abandoned'>): void;
  /** The game is over (the rated result and game:finished). */
  finished(winner: Winner, reason: FinishReason): void;
  /** A player away from a room outside a game did not come back in time: take them out. */
  gone(playerId: string): void;
  /** A finished room's time is up: remove it. */
  expired(): void;
}

export interface RoomMachineInput {
  room: Room;
  effects: RoomEffects;
  /** Countdown ticks before the game begins (COUNTDOWN_SECONDS). */
  countdownSeconds: number;
  /** Milliseconds between countdown ticks. */
  tickMs: number;
  /** How long a dropped player may take to come back during a game. */
  graceMs: number;
  /** How long a finished room stays (for late rejoins). */
  finishedTtlMs: number;
}

export interface RoomContext extends RoomMachineInput {
  /** The countdown tick being shown. */
  left: number;
  result: { winner: Winner; reason: FinishReason } | null;
}

export type RoomEvent =
  | { type: 'start'; playerId: string }
  /** A player asks to play again after a finished game. */
  | { type: 'rematch'; playerId: string }
  /** A player withdrew readiness or left during the countdown. */
  | { type: 'countdown.cancel' }
  /** A move filled the board: the game ends (checked again by the guard). */
  | { type: 'board.filled' }
  | { type: 'forfeit'; index: PlayerIndex; reason: Extract<FinishReason, 'forfeit' | 'abandoned'> }
  | { type: 'player.dropped'; playerId: string; index: PlayerIndex }
  | { type: 'player.back'; playerId: string; index: PlayerIndex }
  /** Raised after the grace period for a player who dropped outside a game and is still away. */
  | { type: 'player.gone'; playerId: string };

/** The id of the delayed `player.gone` of one player, so that coming back can cancel it. */
const awayTimer = (playerId: string) => `away:${playerId}`;

/**
 * Outside a game (waiting, and finished for late rejoins) a dropped player keeps the seat for
 * the grace period too, so a reload of the room page gets back in; then they are taken out.
 */
const awayOutsideAGame = {
  'player.dropped': { actions: 'take out after the grace period' },
  'player.back': { actions: 'keep the seat' },
} as const;

/** A seat during a game: present, or away for the grace period, after which it forfeits. */
function seat(index: PlayerIndex) {
  return {
    initial: 'present',
    states: {
      present: {
        on: { 'player.dropped': { guard: { type: 'is seat', params: { index } }, target: 'away' } },
      },
      away: {
        on: { 'player.back': { guard: { type: 'is seat', params: { index } }, target: 'present' } },
        after: { grace: { actions: { type: 'abandon', params: { index } } } },
      },
    },
  } as const;
}

export const roomMachine = setup({
  types: {
    context: {} as RoomContext,
    events: {} as RoomEvent,
    input: {} as RoomMachineInput,
  },
  delays: {
    tick: ({ context }) => context.tickMs,
    grace: ({ context }) => context.graceMs,
    ttl: ({ context }) => context.finishedTtlMs,
  },
  guards: {
    'start is allowed': ({ context, event }) => event.type === 'start' && startRefusal(context.room, event.playerId) === undefined,
    'more ticks left': ({ context }) => context.left > 1,
    'board is full': ({ context }) => boardIsFull(context.room),
    'is seat': ({ event }, { index }: { index: PlayerIndex }) => 'index' in event && event.index === index,
  },
  actions: {
    'mark status': ({ context }, { status }: { status: RoomStatus }) => void (context.room.status = status),
    'reset countdown': assign(({ context }) => ({ left: context.countdownSeconds })),
    'count down': assign(({ context }) => ({ left: context.left - 1 })),
    'announce the tick': ({ context }) => context.effects.countdown(context.left),
    'begin a fresh game': ({ context }) => beginGame(context.room, Date.now()),
    'announce the game': ({ context }) => context.effects.started(),
    'keep the board result': assign(({ context }) => ({ result: { winner: winnerOf(context.room.game?.scores ?? [0, 0]), reason: 'board-full' as const } })),
    'keep the forfeit result': assign(({ event }) => (event.type === 'forfeit' ? { result: { winner: otherPlayer(event.index), reason: event.reason } } : {})),
    'announce the forfeit': ({ context, event }) => event.type === 'forfeit' && context.effects.forfeited(event.index, event.reason),
    abandon: raise((_, { index }: { index: PlayerIndex }) => ({ type: 'forfeit' as const, index, reason: 'abandoned' as const })),
    'drop the undo request': ({ context }) => void (context.room.pendingUndo = null),
    'announce the result': ({ context }) => context.result && context.effects.finished(context.result.winner, context.result.reason),
    'remove the room': ({ context }) => context.effects.expired(),
    // A player still away from the game that just ended (it was abandoned) gets the grace period
    // of a waiting room: a waiting room does not expire, so nobody may stay away in it for ever.
    'prepare the rematch': enqueueActions(({ context: { room }, event, enqueue }) => {
      if (event.type !== 'rematch') return;
      prepareRematch(room, event.playerId);
      for (const { id, socketId } of room.players) {
        if (socketId === null) enqueue.raise({ type: 'player.gone', playerId: id }, { delay: 'grace', id: awayTimer(id) });
      }
    }),
    'take out after the grace period': enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'player.dropped') return;
      enqueue.raise({ type: 'player.gone', playerId: event.playerId }, { delay: 'grace', id: awayTimer(event.playerId) });
    }),
    'keep the seat': cancel(({ event }) => ('playerId' in event ? awayTimer(event.playerId) : '')),
    'take the player out': ({ context, event }) => event.type === 'player.gone' && context.effects.gone(event.playerId),
  },
}).createMachine({
  id: 'room',
  context: ({ input }) => ({ ...input, left: input.countdownSeconds, result: null }),
  initial: 'waiting',
  // Its timer is not tied to a state; the game server checks the player is still away.
  on: { 'player.gone': { actions: 'take the player out' } },
  states: {
    waiting: {
      entry: { type: 'mark status', params: { status: 'waiting' } },
      on: { start: { guard: 'start is allowed', target: 'starting' }, ...awayOutsideAGame },
    },
    starting: {
      entry: [{ type: 'mark status', params: { status: 'starting' } }, 'reset countdown'],
      // A game never starts with someone away: a drop stops the countdown.
      on: { 'countdown.cancel': 'waiting', 'player.dropped': { actions: 'take out after the grace period', target: 'waiting' } },
      initial: 'ticking',
      states: {
        ticking: {
          entry: 'announce the tick',
          after: {
            tick: [{ guard: 'more ticks left', actions: 'count down', target: 'ticking', reenter: true }, { target: '#room.playing' }],
          },
        },
      },
    },
    playing: {
      entry: [{ type: 'mark status', params: { status: 'playing' } }, 'begin a fresh game', 'announce the game'],
      on: {
        'board.filled': { guard: 'board is full', actions: 'keep the board result', target: 'finished' },
        forfeit: { actions: ['announce the forfeit', 'keep the forfeit result'], target: 'finished' },
      },
      type: 'parallel',
      states: { seat0: seat(0), seat1: seat(1) },
    },
    finished: {
      entry: [{ type: 'mark status', params: { status: 'finished' } }, 'drop the undo request', 'announce the result'],
      on: { ...awayOutsideAGame, rematch: { actions: 'prepare the rematch', target: 'waiting' } },
      after: { ttl: { actions: 'remove the room' } },
    },
  },
});

export type RoomActor = ActorRefFrom<typeof roomMachine>;
