// Playing again in the same room after a finished game, over real sockets: the first request
// takes the room back to waiting with the seats swapped, the second starts the next game, in
// which the other player opens; and the requests that are refused.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, columnsPlan, next, startHarness, type Harness } from './rooms.testkit';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ eventsPerSecond: 1000 });
});
afterAll(() => h.close());

type Player = { id: string; username: string; ready: boolean };
type Room = { code: string; status: string; hostId: string; players: Player[] };
type Entered = { room: Room; playerId: string };
type Started = { room: Room; gameState: { currentPlayer: number; moveCount: number } };

async function pair() {
  const host = await h.client();
  const guest = await h.client();
  const created = await call<Entered>(host, 'room:create', { username: 'Alice' });
  const joined = await call<Entered>(guest, 'room:join', { code: created.room.code, username: 'Bob' });
  return { host, guest, code: created.room.code, alice: created.playerId, bob: joined.playerId };
}

async function start(host: Socket, guest: Socket): Promise<Started> {
  await call(host, 'room:setReady', { ready: true });
  await call(guest, 'room:setReady', { ready: true });
  const started = next<Started>(guest, 'game:started');
  expect(await call(host, 'game:start', {})).toEqual({ success: true });
  return started;
}

/**
 * A whole 6×6 game, `first` opening: columns, as rooms.testkit plans them (in reading order the
 * second player's row would be the first's flipped, which "No mirroring" refuses).
 */
async function playToTheEnd(first: Socket, second: Socket): Promise<void> {
  const finished = next(first, 'game:finished');
  for (const [i, move] of columnsPlan().entries()) {
    const ack = await call(i % 2 === 0 ? first : second, 'game:move', move);
    expect(ack).toMatchObject({ success: true });
  }
  await finished;
}

describe('rematch', () => {
  it('after a finished game, two requests start the next game in the same room with the seats swapped', async () => {
    const { host, guest, code, alice, bob } = await pair();
    await start(host, guest);
    await playToTheEnd(host, guest);

    const offered = next<{ playerId: string; room: Room }>(guest, 'room:playerReady');
    const asked = await call<{ success: boolean; room: Room }>(host, 'room:rematch', {});
    expect(asked).toMatchObject({ success: true, room: { code, status: 'waiting', hostId: alice } });
    const offer = await offered;
    expect(offer.playerId).toBe(alice);
    // Bob now sits first and opens; only Alice is ready so far.
    expect(offer.room.players.map((p) => [p.username, p.ready])).toEqual([['Bob', false], ['Alice', true]]);

    const startedForAlice = next<Started>(host, 'game:started', 5000);
    expect(await call(guest, 'room:rematch', {})).toMatchObject({ success: true });
    const started = await startedForAlice;
    expect(started.room).toMatchObject({ status: 'playing', hostId: alice });
    expect(started.room.players.map((p) => p.id)).toEqual([bob, alice]);
    expect(started.gameState).toMatchObject({ currentPlayer: 0, moveCount: 0 });
    expect(await call(host, 'game:move', { row: 0, col: 0 })).toEqual({ success: false, error: 'Not your turn' });
    expect(await call(guest, 'game:move', { row: 0, col: 0 })).toMatchObject({ success: true });
  });

  it('is refused before any game, during a game, and once the opponent has left', async () => {
    const { host, guest } = await pair();
    expect(await call(host, 'room:rematch', {})).toEqual({ success: false, error: 'No finished game to play again' });
    await start(host, guest);
    expect(await call(host, 'room:rematch', {})).toEqual({ success: false, error: 'Game already started' });
    await playToTheEnd(host, guest);
    const left = next(host, 'room:playerLeft');
    expect(await call(guest, 'room:leave', {})).toEqual({ success: true });
    await left;
    expect(await call(host, 'room:rematch', {})).toEqual({ success: false, error: 'Your opponent has left the room' });
    expect(await call(host, 'room:rematch', 'again')).toMatchObject({ success: false });
  });
});
