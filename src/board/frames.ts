/**
 * One render per animation frame. Any number of requests before the next frame
 * (several React commits, a resize and a colour change) give one render; a frame
 * asks for the next one only while something moves, so an idle board costs no CPU.
 */

/** The browser's frame clock, replaceable in tests. */
export interface FrameClock {
  request(callback: (time: number) => void): number;
  cancel(handle: number): void;
}

export interface FrameScheduler {
  /** Render at the next frame (once, however often this is called before it). */
  request(): void;
  /** Stop: no further frames, requests ignored (the canvas is going away). */
  dispose(): void;
  /** Frames rendered so far, for the tests' render counter. */
  readonly renders: number;
}

/**
 * `render` draws one frame at `time` (the frame's timestamp, on performance.now()'s
 * clock; `count` is this frame's number, from 1) and returns true when it needs
 * another frame (an animation is running).
 */
export function createFrameScheduler(render: (time: number, count: number) => boolean, clock: FrameClock): FrameScheduler {
  let pending: number | null = null;
  let renders = 0;
  let disposed = false;

  const run = (time: number) => {
    pending = null;
    if (disposed) return;
    renders += 1;
    if (render(time, renders)) request();
  };
  const request = () => {
    if (pending === null && !disposed) pending = clock.request(run);
  };

  return {
    request,
    dispose() {
      disposed = true;
      if (pending !== null) clock.cancel(pending);
      pending = null;
    },
    get renders() {
      return renders;
    },
  };
}
