/**
 * Closed-loop HTTP load for bench:api: `clients` clients, each sending the next request as soon
 * as the last answered, over `paths` in turn, until stopped. Runs inline, or as a process of its
 * own (bench-api.ts starts it at a low priority: these clients stand for players on other
 * machines, so on this one they yield the CPU to the server and to the game bots).
 *
 * Each client stands for a crowd of players: its requests name `addressesPerClient` addresses in
 * turn in X-Forwarded-For (the server trusts loopback as its proxy), as players on their own
 * networks would be. One address would meet the data API's share per address (20 requests a
 * second) and measure 429s instead of reads.
 */
import { performance } from 'node:perf_hooks';

export interface LoadOptions {
  url: string;
  anonKey: string;
  clients: number;
  /** Paths under the server, e.g. /rest/v1/game_scores?..., sent round-robin. */
  paths: readonly string[];
  /** Addresses each client's requests come from, in turn (10.0.<client>.<n>). */
  addressesPerClient: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  latenciesMs: number[];
  statuses: Record<string, number>;
}

export async function runLoad({ url, anonKey, clients, paths, addressesPerClient }: LoadOptions, stopped: () => boolean, onFirstAnswer?: () => void): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  const statuses: Record<string, number> = {};
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let request = 0; !stopped(); request++) {
        const path = paths[next++ % paths.length]!;
        const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'X-Forwarded-For': `10.0.${client}.${1 + (request % addressesPerClient)}` };
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
