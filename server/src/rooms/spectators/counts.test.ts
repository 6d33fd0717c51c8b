// How the number watching is counted, with simulated time: a crowd arriving is one
// report and one message to the room; the owner adds up the nodes' counts; a node that stops
// reporting (killed) no longer counts after three refreshes; a node repeats its counts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Audience, REFRESH_MS, REPORT_MS, Watchers } from './counts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the count of spectators', () => {
  it('a crowd of 1,000 arriving on a node is one report to the owner, and one message to the room', () => {
    const told: [string, number][] = [];
    const audience = new Audience('node-a', (roomId, count) => told.push([roomId, count]), false);
    const reports: [string, number][] = [];
    const watchers = new Watchers((roomId, count) => {
      reports.push([roomId, count]);
      audience.set(roomId, 'node-a', count);
    }, false);
    for (let i = 0; i < 1000; i++) watchers.add('room-1', `socket-${i}`);
    vi.advanceTimersByTime(REPORT_MS);
    expect(reports).toEqual([['room-1', 1000]]);
    vi.advanceTimersByTime(REPORT_MS);
    expect(told).toEqual([['room-1', 1000]]);
    // Leaving and coming back within one window changes nothing the room hears.
    watchers.remove('room-1', 'socket-0');
    watchers.add('room-1', 'socket-0');
    vi.advanceTimersByTime(2 * REPORT_MS);
    expect(told).toEqual([['room-1', 1000]]);
    watchers.close();
    audience.close();
  });

  it("the owner adds up every node's count, and forgets a node silent for three refreshes", () => {
    const told: number[] = [];
    const audience = new Audience('node-a', (_roomId, count) => told.push(count), true);
    expect(audience.elsewhere('room-1')).toBe(false);
    audience.set('room-1', 'node-a', 2, Date.now());
    expect(audience.elsewhere('room-1')).toBe(false);
    audience.set('room-1', 'node-b', 3, Date.now());
    expect(audience.total('room-1')).toBe(5);
    expect(audience.elsewhere('room-1')).toBe(true);
    vi.advanceTimersByTime(REPORT_MS);
    expect(told).toEqual([5]);
    // node-b dies: nothing more from it. The owner's own spectators stay.
    vi.advanceTimersByTime(4 * REFRESH_MS);
    expect(audience.total('room-1')).toBe(2);
    expect(audience.elsewhere('room-1')).toBe(false);
    expect(told).toEqual([5, 2]);
    audience.close();
  });

  it('a node repeats its counts every refresh, so that a live node is never forgotten', () => {
    const reports: number[] = [];
    const watchers = new Watchers((_roomId, count) => reports.push(count), true);
    watchers.add('room-1', 'socket-1');
    vi.advanceTimersByTime(REPORT_MS);
    vi.advanceTimersByTime(3 * REFRESH_MS);
    expect(reports).toEqual([1, 1, 1, 1]);
    watchers.stop(); // shutting down: it counts nobody any more
    expect(reports.at(-1)).toBe(0);
  });
});
