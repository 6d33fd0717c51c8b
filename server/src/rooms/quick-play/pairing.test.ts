// Quick play as pure functions: who may be paired with whom, by the rules of lichess's
// pools (pairing.ts), and the room a pair gets (the reducer's `paired`): both seated and ready, away
// until they come in; the countdown starts by itself once both are in; one who never comes loses
// the seat after the grace period.
import { beforeAll, describe, expect, it } from 'vitest';
import { IDLE_CLAIM_MS, UNDO_LAPSE_MS } from '../../../../src/protocol';
import { loadEngine } from '../../../../src/engine/load';
import type { Command } from '../core/commands';
import {
  NO_SHOW_BAR_MS,
  NO_SHOW_WINDOW_MS,
  PLACE_KEPT_MS,
  barredFor,
  baseBand,
  compatible,
  pairsAmong,
  partnerFor,
  sinceOnReturn,
  widening,
  type NoShow,
  type PoolEntry,
} from './pairing';
import { reduce } from '../core/reducer';
import { roomView, type RoomConfig } from '../core/state';

const T0 = 1_700_000_000_000;
const entry = (socketId: string, change: Partial<PoolEntry> = {}): PoolEntry => ({
  socketId,
  node: 'node-1',
  username: socketId,
  userId: null,
  address: null,
  rating: null,
  boardSize: 6,
  timeControl: 'untimed',
  since: T0,
  ...change,
});
const signedIn = (socketId: string, rating: number, since = T0) => entry(socketId, { userId: `user-${socketId}`, rating, since });

describe('who the pool pairs', () => {
  it('the same board size and time control; both anonymous or both signed in; never one account twice', () => {
    expect(compatible(entry('a'), entry('b'), T0)).toBe(true);
    expect(compatible(entry('a'), entry('b', { boardSize: 8 }), T0)).toBe(false);
    expect(compatible(entry('a'), entry('b', { timeControl: '1+1' }), T0)).toBe(false);
    expect(compatible(entry('a'), signedIn('b', 1200), T0)).toBe(false);
    expect(compatible(signedIn('a', 1200), signedIn('b', 1200), T0)).toBe(true);
    expect(compatible(signedIn('a', 1200), { ...signedIn('b', 1200), userId: 'user-a' }, T0)).toBe(false);
    expect(compatible(entry('a'), entry('a'), T0)).toBe(false);
  });

  it("lichess's band: 130 below 1000, 100 up to 1500, a fifteenth of the rating above", () => {
    expect([baseBand(900), baseBand(1200), baseBand(1499), baseBand(2000), baseBand(3000)]).toEqual([130, 100, 100, 133, 200]);
    expect(compatible(signedIn('a', 1200), signedIn('b', 1300), T0)).toBe(true);
    expect(compatible(signedIn('a', 1200), signedIn('b', 1301), T0)).toBe(false);
    expect(compatible(signedIn('a', 2000), signedIn('b', 2133), T0)).toBe(true);
  });

  it('widens by 50 every 5 s both have waited, up to 460', () => {
    expect([0, 4999, 5000, 12_000, 60_000, 600_000].map((ms) => widening({ since: T0 }, T0 + ms))).toEqual([0, 0, 50, 100, 460, 460]);
    const [a, b] = [signedIn('a', 1200), signedIn('b', 1450, T0 + 10_000)];
    // b has waited 5 s when a has waited 15: the shorter wait counts.
    expect(compatible(a, b, T0 + 15_000)).toBe(false);
    expect(compatible(a, b, T0 + 25_000)).toBe(true);
  });

  it('pairs the longest waiting first, each with the closest rating', () => {
    const waiting = [signedIn('old', 1200, T0), signedIn('far', 1290, T0 + 1), signedIn('near', 1210, T0 + 2), signedIn('odd', 1700, T0 + 3)];
    expect(partnerFor(waiting[0]!, waiting.slice(1), T0 + 3)?.socketId).toBe('near');
    expect(pairsAmong(waiting, T0 + 3).map(([x, y]) => [x.socketId, y.socketId])).toEqual([['old', 'near']]);
  });
});

describe('a paired player who never came', () => {
  const ghost = { socketId: 'ghost', userId: 'user-ghost', address: '198.51.100.7' };
  const noShow = (at: number, who: Partial<NoShow> = {}): NoShow => ({ ...ghost, at, ...who });

  it('their socket and account are kept out for two minutes', () => {
    const shows = [noShow(T0)];
    expect(barredFor(shows, ghost, T0)).toBe(NO_SHOW_BAR_MS);
    expect(barredFor(shows, { ...ghost, socketId: 'new-tab', address: null }, T0 + 60_000)).toBe(60_000);
    expect(barredFor(shows, { socketId: 'new-tab', userId: null, address: '198.51.100.7' }, T0)).toBe(0);
    expect(barredFor(shows, ghost, T0 + NO_SHOW_BAR_MS)).toBe(0);
  });

  it('their address only from its third no-show in ten minutes: a class shares it', () => {
    const pupil = { socketId: 'pupil', userId: null, address: '198.51.100.7' };
    const other = (at: number, i: number) => noShow(at, { socketId: `s${i}`, userId: null });
    expect(barredFor([other(T0, 1), other(T0 + 1000, 2)], pupil, T0 + 2000)).toBe(0);
    const three = [other(T0, 1), other(T0 + 1000, 2), other(T0 + 2000, 3)];
    expect(barredFor(three, pupil, T0 + 2000)).toBe(NO_SHOW_BAR_MS);
    expect(barredFor(three, pupil, T0 + 2000 + NO_SHOW_BAR_MS)).toBe(0);
    // The first of the three left the window: two are not enough.
    expect(barredFor([...three, other(T0 + NO_SHOW_WINDOW_MS + 1, 4)], pupil, T0 + NO_SHOW_WINDOW_MS + 1)).toBe(NO_SHOW_BAR_MS);
    expect(barredFor(three, { ...pupil, address: null }, T0 + 2000)).toBe(0);
  });

  it('the one who came keeps their waiting time when they return with the same settings', () => {
    const kept = { socketId: 'alice', boardSize: 6, timeControl: 'untimed', since: T0, until: T0 + 20_000 + PLACE_KEPT_MS } as const;
    const back = { boardSize: 6, timeControl: 'untimed', since: T0 + 20_000 } as const;
    expect(sinceOnReturn(kept, back)).toBe(T0);
    expect(sinceOnReturn(kept, { ...back, boardSize: 8 })).toBe(back.since);
    expect(sinceOnReturn(kept, { ...back, since: kept.until + 1 })).toBe(kept.until + 1);
    expect(sinceOnReturn(undefined, back)).toBe(back.since);
  });
});

describe('the room of a pair', () => {
  let config: RoomConfig;
  beforeAll(async () => {
    config = { rules: await loadEngine(), countdownSeconds: 3, countdownTickMs: 1000, graceMs: 60_000, finishedTtlMs: 600_000, undoLapseMs: UNDO_LAPSE_MS, idleClaimMs: IDLE_CLAIM_MS };
  });
  const paired: Command = {
    type: 'paired',
    roomId: 'room-1',
    code: 'ABCDEF',
    settings: { boardSize: 8, timeControl: '3+2', rated: true },
    players: [
      { playerId: 'p0', username: 'Ann', userId: 'u0', tokenHash: 'h0' },
      { playerId: 'p1', username: 'Ben', userId: 'u1', tokenHash: 'h1' },
    ],
  };

  it('seats both, ready, with the pool’s settings; the countdown starts once both are in', () => {
    const opened = reduce(null, paired, T0, config);
    expect(opened.room).toMatchObject({ status: 'waiting', hostId: 'p0', quickPlay: true, settings: { boardSize: 8, timeControl: '3+2', rated: true, scoringMechanism: 'connection' } });
    expect(opened.room!.members.map((m) => [m.username, m.ready, m.connected])).toEqual([
      ['Ann', true, false],
      ['Ben', true, false],
    ]);
    const first = reduce(opened.room, { type: 'back', playerId: 'p1' }, T0 + 100, config);
    expect(first.room!.status).toBe('waiting');
    const second = reduce(first.room, { type: 'back', playerId: 'p0' }, T0 + 200, config);
    expect(second.room!.status).toBe('starting');
    expect(second.events.map((e) => e.event)).toEqual(['room:playerReconnected', 'room:gameStarting']);
    expect(reduce(second.room, paired, T0 + 300, config).reply).toMatchObject({ success: false });
    // The settings are the ones both were paired for: the host cannot change them.
    expect(reduce(first.room, { type: 'updateSettings', playerId: 'p0', rated: false }, T0 + 150, config).reply).toEqual({
      success: false,
      error: 'A quick-play game keeps the settings it was paired with',
    });
  });

  it('a paired player who never comes loses the seat after the grace period; the other keeps an ordinary room', () => {
    const opened = reduce(null, paired, T0, config);
    const one = reduce(opened.room, { type: 'back', playerId: 'p0' }, T0 + 100, config);
    expect(roomView(one.room!).quickPlay).toBe(true);
    const later = reduce(one.room, { type: 'tick' }, T0 + config.graceMs, config);
    expect(later.room!.members.map((m) => m.username)).toEqual(['Ann']);
    expect(later.room!.status).toBe('waiting');
    // No pairing any more: the client shows an ordinary room, and its host may now invite
    // someone to other settings.
    const left = later.events.find((e) => e.event === 'room:playerLeft');
    expect(left?.payload).toMatchObject({ playerId: 'p1', hostId: 'p0', room: { quickPlay: false } });
    const changed = reduce(later.room, { type: 'updateSettings', playerId: 'p0', rated: false }, T0 + config.graceMs + 1, config);
    expect(changed.reply).toMatchObject({ success: true });
    expect(changed.room!.settings.rated).toBe(false);
  });
});
