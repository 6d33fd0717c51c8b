/**
 * Closed-loop HTTP load for bench:api: `clients` clients, each sending the next request as soon
 * as the last answered, over `paths` in turn, until stopped. Runs inline, or as a process of its
 * own (bench-api.ts starts it at a low priority: these clients stand for players on other
 * machines, so on this one they yield the CPU to the server and to the game bots).
 */
import { performance } from 'node:perf_hooks';

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

export async function runLoad({ url, anonKey, clients, paths }: LoadOptions, stopped: () => boolean, onFirstAnswer?: () => void): Promise<LoadResult> {
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
        if (latenciesMs.length === 0) onFirstAnswer?.();
        latenciesMs.push(performance.now() - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return { requests: latenciesMs.length, seconds: (performance.now() - start) / 1000, latenciesMs, statuses };
}

// As a process: the options in API_LOAD (JSON); load until told to stop, then send the result.
if (process.env.API_LOAD && process.send) {
  let stop = false;
  process.once('message', () => (stop = true));
  // 'loading' once the load runs (its start-up is over), the result when told to stop.
  void runLoad(JSON.parse(process.env.API_LOAD) as LoadOptions, () => stop, () => process.send!('loading')).then((result) => {
    process.send!(result);
    process.disconnect();
  });
}
