import { describe, expect, it } from 'vitest';
import { createFrameScheduler, type FrameClock } from './frames';

/** A frame clock the test advances by hand. */
function manualClock() {
  let next = 1;
  const waiting = new Map<number, (time: number) => void>();
  const clock: FrameClock = {
    request(callback) {
      waiting.set(next, callback);
      return next++;
    },
    cancel(handle) {
      waiting.delete(handle);
    },
  };
  return {
    clock,
    pending: () => waiting.size,
    /** Runs the frame: every callback waiting for it. */
    frame(time: number) {
      const callbacks = [...waiting.values()];
      waiting.clear();
      for (const callback of callbacks) callback(time);
    },
  };
}

describe('createFrameScheduler: one render per frame', () => {
  it('many requests before a frame give one render', () => {
    const frames = manualClock();
    const rendered: number[] = [];
    const scheduler = createFrameScheduler((time) => {
      rendered.push(time);
      return false;
    }, frames.clock);
    scheduler.request();
    scheduler.request();
    scheduler.request();
    expect(frames.pending()).toBe(1);
    frames.frame(16);
    expect(rendered).toEqual([16]);
    expect(scheduler.renders).toBe(1);
  });

  it('nothing requested, nothing rendered: an idle board asks for no frames', () => {
    const frames = manualClock();
    const scheduler = createFrameScheduler(() => false, frames.clock);
    frames.frame(16);
    expect(scheduler.renders).toBe(0);
    expect(frames.pending()).toBe(0);
  });

  it('keeps rendering frame after frame while the render says it is moving, then stops', () => {
    const frames = manualClock();
    const counts: number[] = [];
    const scheduler = createFrameScheduler((time, count) => {
      counts.push(count);
      return time < 48; // moving until 48 ms
    }, frames.clock);
    scheduler.request();
    for (const time of [16, 32, 48, 64]) frames.frame(time);
    expect(counts).toEqual([1, 2, 3]);
    expect(frames.pending()).toBe(0);
  });

  it('a request during an animation adds no second frame loop', () => {
    const frames = manualClock();
    const scheduler = createFrameScheduler((time) => time < 32, frames.clock);
    scheduler.request();
    frames.frame(16);
    scheduler.request();
    expect(frames.pending()).toBe(1);
  });

  it('after dispose: the waiting frame is cancelled and requests are ignored', () => {
    const frames = manualClock();
    const scheduler = createFrameScheduler(() => true, frames.clock);
    scheduler.request();
    scheduler.dispose();
    expect(frames.pending()).toBe(0);
    scheduler.request();
    frames.frame(16);
    expect(scheduler.renders).toBe(0);
  });
});
