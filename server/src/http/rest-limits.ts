/**
 * How much of the data API one client address may use: a rate (requests per window, counted by
 * every node together in the database, as the sign-in throttles are) and a share of this node's
 * PostgREST (requests answered at once; the next ones wait their turn). Each costly read holds one
 * of PostgREST's few database connections until it ends, so without the share a dozen of them
 * from one address filled the pool and every leaderboard read waited for them.
 *
 * It runs on the game server's event loop, before every `/rest/v1` request, so it decides in
 * memory: the node's own count is exact at once, and what it counted goes to the shared store once
 * a second per address (one write, not one per request); when the store says an address is over
 * its budget across all nodes, this node refuses it until the window ends. Without a database, or
 * while it is down, the node's own count still holds.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/database';
import { sharedRateLimiter } from '../db/rate-limit-store';

export interface RestLimits {
  /** Requests one address may make in `seconds`, all nodes together. */
  requests: { points: number; seconds: number };
  /** Requests of one address this node's PostgREST answers at once. */
  inFlight: number;
  /** Requests of one address waiting for their turn; past that, 429. */
  waiting: number;
  /** How often this node's counts go to the shared store (ms). */
  syncEveryMs: number;
}

/**
 * Sized for a school of 30 behind one address: opening the leaderboard is 3 or 4 reads each, so the
 * whole class at once is about 120 reads (the window's 200 hold them, and a class browsing at one
 * view every few seconds each stays under 20 a second); reads of the game's own queries take a few
 * milliseconds, so two at a time serve hundreds a second and a burst of 100 waits well under a
 * second. Two is also a small share of PostgREST's pool (4 on the embedded database, 10 on
 * PostgreSQL): it takes several addresses, not one, to keep a leaderboard read waiting.
 */
export const DEFAULT_REST_LIMITS: RestLimits = { requests: { points: 200, seconds: 10 }, inFlight: 2, waiting: 100, syncEveryMs: 1_000 };

export type Admission = { admitted: true; release: () => void } | { admitted: false; retryAfterSeconds: number; message: string; details: string };

export interface RestLimiter {
  /** Waits for the address's turn, or says why not. Call `release` once the answer has ended. */
  admit(address: string): Promise<Admission>;
  /** The address's requests being answered and waiting on this node now. */
  load(address: string): { running: number; waiting: number };
  stop(): void;
}

interface Turns {
  running: number;
  waiting: (() => void)[];
}

export function createRestLimiter(db: Database | undefined, limits: RestLimits = DEFAULT_REST_LIMITS): RestLimiter {
  const { points, seconds } = limits.requests;
  const local = new RateLimiterMemory({ keyPrefix: 'rest', points, duration: seconds });
  // Every node's counts together, beside the sign-in throttles'.
  const shared = db ? sharedRateLimiter(db, 'rest', limits.requests) : undefined;
  const unsynced = new Map<string, number>();
  const blockedUntil = new Map<string, number>();
  const turns = new Map<string, Turns>();

  const overRate = (ms: number): Admission => ({
    admitted: false,
    retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
    message: 'Too many requests from your network. Try again shortly.',
    details: `At most ${points} requests in ${seconds} s from one address.`,
  });

  const sync = () => {
    const now = Date.now();
    for (const [address, until] of blockedUntil) if (until <= now) blockedUntil.delete(address);
    if (!shared) return unsynced.clear();
    for (const [address, count] of unsynced) {
      shared.consume(address, count).catch((result: unknown) => {
        // Over the budget across the nodes; anything else is the store failing, where the node's own count holds.
        if (result instanceof RateLimiterRes) blockedUntil.set(address, Date.now() + result.msBeforeNext);
      });
    }
    unsynced.clear();
  };
  const timer = setInterval(sync, limits.syncEveryMs);
  timer.unref();

  const release = (address: string, gate: Turns) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = gate.waiting.shift();
      if (next) return next(); // the turn passes on
      if (--gate.running === 0) turns.delete(address);
    };
  };

  return {
    async admit(address) {
      const until = blockedUntil.get(address);
      if (until !== undefined && until > Date.now()) return overRate(until - Date.now());
      try {
        await local.consume(address);
      } catch (result) {
        if (result instanceof RateLimiterRes) return overRate(result.msBeforeNext);
        throw result;
      }
      unsynced.set(address, (unsynced.get(address) ?? 0) + 1);

      let gate = turns.get(address);
      if (!gate) turns.set(address, (gate = { running: 0, waiting: [] }));
      const done = release(address, gate);
      if (gate.running < limits.inFlight) {
        gate.running++;
        return { admitted: true, release: done };
      }
      if (gate.waiting.length >= limits.waiting) {
        return {
          admitted: false,
          retryAfterSeconds: 1,
          message: 'Too many requests at once from your network. Try again shortly.',
          details: `At most ${limits.inFlight} requests answered and ${limits.waiting} waiting at once for one address.`,
        };
      }
      return new Promise((resolve) => gate.waiting.push(() => resolve({ admitted: true, release: done })));
    },
    load(address) {
      const gate = turns.get(address);
      return { running: gate?.running ?? 0, waiting: gate?.waiting.length ?? 0 };
    },
    stop: () => clearInterval(timer),
  };
}
