/**
 * The time rooms run on: the current time and the timers of their deadlines (countdown ticks,
 * grace periods, clocks running out). The server uses the system's; tests of clocks and other
 * long deadlines use a simulated one that moves only when told (as XState's SimulatedClock),
 * while sockets and the database keep real time.
 */
export type TimerId = unknown;

export interface RoomClock {
  now(): number;
  setTimer(run: () => void, delayMs: number): TimerId;
  clearTimer(timer: TimerId): void;
}

export const systemClock: RoomClock = {
  now: () => Date.now(),
  setTimer: (run, delayMs) => setTimeout(run, delayMs),
  clearTimer: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

export class SimulatedClock implements RoomClock {
  private time: number;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  private nextId = 1;

  constructor(start = Date.now()) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(run: () => void, delayMs: number): TimerId {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, delayMs), run });
    // A timer already due (set after the time it is for went by) runs at once, as a real one would.
    if (delayMs <= 0) setImmediate(() => this.runIfSet(id));
    return id;
  }

  private runIfSet(id: number): void {
    const timer = this.timers.get(id);
    if (!timer) return;
    this.timers.delete(id);
    timer.run();
  }

  clearTimer(timer: TimerId): void {
    this.timers.delete(timer as number);
  }

  /** Moves time on by `ms`, running each timer due on the way at its own time, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let due: [number, { at: number; run: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
    }
    this.time = end;
  }
}
