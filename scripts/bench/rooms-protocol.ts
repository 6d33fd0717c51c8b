/**
 * What scripts/bench-rooms.ts and its server processes (scripts/bench/rooms-server.ts and
 * relay-server.ts, through server-harness.ts) say to each other: lines on the server's stdout
 * that start with MARKER and carry one JSON object.
 */
export const MARKER = '@@bench ';

/** What the server process reports for a measurement window. */
export interface ServerStats {
  type: 'stats' | 'stopped';
  /** Memory right after the server started listening (the game server's includes the in-memory PGlite), MB. */
  baseline: { rssMB: number; heapUsedMB: number };
  /** Peaks sampled every 100 ms since the server started (set-up and play), MB. */
  peak: { rssMB: number; heapUsedMB: number };
  /** process.memoryUsage() now, MB. */
  now: { rssMB: number; heapUsedMB: number; externalMB: number; arrayBuffersMB: number };
  /** Event-loop delay in the window: how late a 10 ms timer fires, ms. */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  /** CPU used by the process and its helpers in the window as a share of one core (1 = one core busy). */
  cpuCores: number;
  /** Of cpuCores, what the server's helper processes (the embedded database) used. */
  helperCpuCores: number;
  windowSeconds: number;
  /** Rooms the server holds (the relay forgets a room when its game ends). */
  rooms: number;
  /** Why it stopped (type 'stopped' only). */
  why?: string;
}
