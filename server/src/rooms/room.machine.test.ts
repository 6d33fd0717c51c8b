// The room statechart on its own, with a simulated clock and recorded effects: the
// countdown, the game, the three ways a game ends, and starts that are refused.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { newPlayer, newRoom, type Room } from './room';
import { roomMachine, type RoomEffects } from './room.machine';

const TICK = 1000;
const GRACE = 60_000;
const TTL = 600_000;

function setup(ready = true) {
  const host = newPlayer('Alice', undefined, 'socket-a');
  const guest = newPlayer('Bob', undefined, 'socket-b');
  const room: Room = newRoom('ABCDEF', host);
  room.players.push(guest);
  host.ready = ready;
  guest.ready = ready;
  const calls: unknown[][] = [];
  const effects: RoomEffects = {
    countdown: (left) => calls.push(['countdown', left, room.status]),
    started: () => calls.push(['started', room.status, room.game?.progress]),
    forfeited: (index, reason) => calls.push(['forfeited', index, reason]),
    finished: (winner, reason) => calls.push(['finished', winner, reason, room.status]),
    gone: (playerId) => calls.push(['gone', playerId]),
    expired: () => calls.push(['expired']),
  };
  const clock = new SimulatedClock();
  const actor = createActor(roomMachine, {
    clock,
    input: { room, effects, countdownSeconds: 3, tickMs: TICK, graceMs: GRACE, finishedTtlMs: TTL },
  }).start();
  const state = () => actor.getSnapshot().value;
  return { room, host, guest, calls, clock, actor, state };
}

function playing() {
  const t = setup();
  t.actor.send({ type: 'start', playerId: t.host.id });
  for (let i = 0; i < 3; i++) t.clock.increment(TICK);
  expect(t.room.status).toBe('playing');
  t.calls.length = 0;
  return t;
}

describe('the room statechart', () => {
  it('goes waiting → starting → three countdown ticks → playing', () => {
    const { room, host, calls, clock, actor, state } = setup();
    expect(state()).toBe('waiting');
    expect(room.status).toBe('waiting');
    actor.send({ type: 'start', playerId: host.id });
    expect(room.status).toBe('starting');
    expect(calls).toEqual([['countdown', 3, 'starting']]);
    clock.increment(TICK - 1);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    expect(calls).toEqual([
      ['countdown', 3, 'starting'],
      ['countdown', 2, 'starting'],
    ]);
    clock.increment(TICK);
    expect(calls.at(-1)).toEqual(['countdown', 1, 'starting']);
    expect(room.game).toBeNull();
    clock.increment(TICK);
    expect(state()).toMatchObject({ playing: { seat0: 'present', seat1: 'present' } });
    expect(room.status).toBe('playing');
    expect(calls.at(-1)).toEqual(['started', 'playing', 'playing']);
    expect(calls).toHaveLength(4);
  });

  it('refuses a start by the guest, in a room not full, with someone not ready or away', () => {
    const t = setup();
    t.actor.send({ type: 'start', playerId: t.guest.id });
    expect(t.state()).toBe('waiting');
    t.guest.ready = false;
    t.actor.send({ type: 'start', playerId: t.host.id });
    expect(t.state()).toBe('waiting');
    t.guest.ready = true;
    t.guest.socketId = null;
    t.actor.send({ type: 'start', playerId: t.host.id });
    expect(t.state()).toBe('waiting');
    t.room.players.pop();
    t.actor.send({ type: 'start', playerId: t.host.id });
    expect(t.state()).toBe('waiting');
    expect(t.calls).toEqual([]);
    expect(t.room.status).toBe('waiting');
  });

  it('refuses a second start while starting, and goes back to waiting when the countdown is cancelled', () => {
    const t = setup();
    t.actor.send({ type: 'start', playerId: t.host.id });
    t.actor.send({ type: 'start', playerId: t.host.id });
    expect(t.calls).toHaveLength(1);
    t.clock.increment(TICK);
    t.actor.send({ type: 'countdown.cancel' });
    expect(t.state()).toBe('waiting');
    expect(t.room.status).toBe('waiting');
    t.clock.increment(10 * TICK);
    expect(t.calls).toHaveLength(2);
    expect(t.room.game).toBeNull();
  });

  it('finishes on a full board with the winner from the scores, and expires after the time to live', () => {
    const t = playing();
    t.actor.send({ type: 'board.filled' });
    expect(t.room.status).toBe('playing');
    t.room.game = { ...t.room.game!, progress: 'over', scores: [3, 5] };
    t.room.pendingUndo = { requestId: 'x', requestedBy: 0 };
    t.actor.send({ type: 'board.filled' });
    expect(t.state()).toBe('finished');
    expect(t.room.pendingUndo).toBeNull();
    expect(t.calls).toEqual([['finished', 1, 'board-full', 'finished']]);
    t.actor.send({ type: 'forfeit', index: 0, reason: 'forfeit' });
    expect(t.calls).toHaveLength(1);
    t.clock.increment(TTL);
    expect(t.calls.at(-1)).toEqual(['expired']);
  });

  it('finishes on a forfeit: the forfeit is announced before the result', () => {
    const t = playing();
    t.actor.send({ type: 'forfeit', index: 0, reason: 'forfeit' });
    expect(t.state()).toBe('finished');
    expect(t.calls).toEqual([
      ['forfeited', 0, 'forfeit'],
      ['finished', 1, 'forfeit', 'finished'],
    ]);
  });

  it('finishes as abandoned when a dropped player is not back within the grace period, not when they are', () => {
    const t = playing();
    const bob = { playerId: t.guest.id, index: 1 } as const;
    t.actor.send({ type: 'player.dropped', ...bob });
    t.clock.increment(GRACE - 1);
    t.actor.send({ type: 'player.back', ...bob });
    t.clock.increment(GRACE);
    expect(t.state()).toMatchObject({ playing: { seat1: 'present' } });
    t.actor.send({ type: 'player.dropped', ...bob });
    t.clock.increment(GRACE);
    expect(t.state()).toBe('finished');
    expect(t.calls).toEqual([
      ['forfeited', 1, 'abandoned'],
      ['finished', 0, 'abandoned', 'finished'],
    ]);
  });

  it('outside a game, takes a dropped player out after the grace period, not when they are back', () => {
    const t = setup(false);
    const bob = { playerId: t.guest.id, index: 1 } as const;
    t.actor.send({ type: 'player.dropped', ...bob });
    t.clock.increment(GRACE - 1);
    t.actor.send({ type: 'player.back', ...bob });
    t.clock.increment(GRACE);
    expect(t.calls).toEqual([]);
    t.actor.send({ type: 'player.dropped', ...bob });
    t.clock.increment(GRACE);
    expect(t.calls).toEqual([['gone', t.guest.id]]);
    expect(t.state()).toBe('waiting');
  });

  it('a drop during the countdown stops it: back to waiting, no game, the seat kept for the grace period', () => {
    const t = setup();
    t.actor.send({ type: 'start', playerId: t.host.id });
    t.clock.increment(TICK);
    t.guest.socketId = null;
    t.actor.send({ type: 'player.dropped', playerId: t.guest.id, index: 1 });
    expect(t.state()).toBe('waiting');
    expect(t.room.status).toBe('waiting');
    t.clock.increment(3 * TICK);
    expect(t.room.game).toBeNull();
    expect(t.calls).toEqual([
      ['countdown', 3, 'starting'],
      ['countdown', 2, 'starting'],
    ]);
    t.clock.increment(GRACE);
    expect(t.calls.at(-1)).toEqual(['gone', t.guest.id]);
  });

  it('after a game, a dropped player is taken out after the grace period unless the room expired first', () => {
    const t = playing();
    t.actor.send({ type: 'forfeit', index: 0, reason: 'forfeit' });
    t.calls.length = 0;
    t.actor.send({ type: 'player.dropped', playerId: t.host.id, index: 0 });
    t.clock.increment(GRACE);
    expect(t.calls).toEqual([['gone', t.host.id]]);
  });

  it('a rematch takes a finished room back to waiting with the seats swapped; it no longer expires', () => {
    const t = playing();
    t.actor.send({ type: 'forfeit', index: 1, reason: 'forfeit' });
    t.actor.send({ type: 'rematch', playerId: t.guest.id });
    expect(t.state()).toBe('waiting');
    expect(t.room.status).toBe('waiting');
    expect(t.room.players.map((p) => [p.username, p.ready])).toEqual([['Bob', true], ['Alice', false]]);
    t.calls.length = 0;
    t.clock.increment(TTL);
    expect(t.calls).toEqual([]);
  });

  it('a player still away when a rematch is asked for (the game was abandoned) is taken out after the grace period', () => {
    const t = playing();
    t.guest.socketId = null;
    t.actor.send({ type: 'player.dropped', playerId: t.guest.id, index: 1 });
    t.clock.increment(GRACE);
    expect(t.state()).toBe('finished');
    t.actor.send({ type: 'rematch', playerId: t.host.id });
    t.calls.length = 0;
    t.clock.increment(GRACE);
    expect(t.calls).toEqual([['gone', t.guest.id]]);
  });
});
