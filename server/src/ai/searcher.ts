/**
 * Who computes /move and /evaluate: a worker thread in the server (searches never block the
 * thread that answers requests), or the engine in line (tests with an engine that fails on
 * demand). Jobs wait in a short queue; past it the server is busy (503).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { evaluate, failure, move, type AiEngine, type Reply } from './handlers';
import type { AiPayload } from './payload';
import type { SearchDone, SearchJob } from './search-worker';

export interface Searcher {
  search(kind: SearchJob['kind'], payload: AiPayload): Promise<Reply>;
  close(): Promise<void>;
}

/** Searches waiting for the one running: each may take up to a minute (MAX_TIME_MS). */
export const MAX_WAITING = 8;

export const busy = (): Reply => ({ status: 503, body: { success: false, error: `the AI is busy with ${MAX_WAITING} searches waiting: try again shortly` } });

export function inlineSearcher(engine: AiEngine): Searcher {
  return {
    search: async (kind, payload) => (kind === 'move' ? move : evaluate)(engine, payload),
    close: async () => undefined,
  };
}

const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
const entry = new URL('./search-worker.ts', import.meta.url).href;

/** Node 20 applies no `--import` loader to a worker's entry: the thread registers tsx first. */
function startWorker(): Worker {
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true });
}

export function workerSearcher(): Searcher {
  let worker: Worker | undefined;
  let nextId = 1;
  const waiting: { job: SearchJob; resolve: (reply: Reply) => void }[] = [];
  let running: { job: SearchJob; resolve: (reply: Reply) => void } | undefined;

  const run = () => {
    if (running || waiting.length === 0) return;
    running = waiting.shift()!;
    if (!worker) {
      const started = startWorker();
      worker = started;
      started.on('message', ({ id, reply }: SearchDone) => {
        if (running?.job.id !== id) return;
        running.resolve(reply);
        running = undefined;
        run();
      });
      // A search that kills its thread (out of memory, a trap) fails alone: the next gets a new thread.
      started.on('error', (error) => console.error('AI server: search thread failed', error));
      started.on('exit', () => {
        if (worker === started) worker = undefined;
        running?.resolve(failure(500, 'internal error'));
        running = undefined;
        run();
      });
    }
    worker.postMessage(running.job);
  };

  return {
    search(kind, payload) {
      if (waiting.length >= MAX_WAITING) return Promise.resolve(busy());
      return new Promise((resolve) => {
        waiting.push({ job: { id: nextId++, kind, payload }, resolve });
        run();
      });
    },
    async close() {
      for (const { resolve } of waiting.splice(0)) resolve(busy());
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
