/**
 * Closed-loop HTTP load for bench:api: `clients` clients, each sending the next request as soon
 * as the last answered, over `paths` in turn, until stopped. Runs in a worker thread (so the game
 * bots' timings in the main thread are not delayed by it) or inline.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  anonKey: string;
  clients: number;
  /** Paths under the server, e.g. /rest/v1/game_scores?..., sent round-robin. */
  paths: readonly string[];
}

export interface LoadResult {
  requests: number;
  seconds: number;
  latenciesMs: number[];
  statuses: Record<string, number>;
}

export async function runLoad({ url, anonKey, clients, paths }: LoadOptions, stopped: () => boolean): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  const statuses: Record<string, number> = {};
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!stopped()) {
        const path = paths[next++ % paths.length]!;
        const sent = performance.now();
        let status = 'error';
        try {
          const response = await fetch(`${url}${path}`, { headers });
          await response.arrayBuffer();
          status = String(response.status);
        } catch {
          // counted as an error
        }
        latenciesMs.push(performance.now() - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return { requests: latenciesMs.length, seconds: (performance.now() - start) / 1000, latenciesMs, statuses };
}

// As a worker thread: load until told to stop, then post the result.
if (parentPort && workerData) {
  const port = parentPort;
  let stop = false;
  port.once('message', () => (stop = true));
  void runLoad(workerData as LoadOptions, () => stop).then((result) => port.postMessage(result));
}
