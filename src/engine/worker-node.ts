/**
 * The AI worker in Node (server, tests, scripts): a worker thread that first
 * registers tsx, so it can run worker.ts as it is. (Node 20 does not apply an
 * `--import` loader to a worker's own entry file.)
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerPort } from './thinker';

const workerUrl = new URL('./worker.ts', import.meta.url).href;
const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api'))
  .href.replace(/\.cjs$/, '.mjs');

/** A worker thread running the TypeScript module at `entry` (a file URL), tsx registered first. */
export function startTsWorker(entry: string): Worker {
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true });
}

export function spawnNodeWorker(): WorkerPort {
  const worker = startTsWorker(workerUrl);
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (handler) => worker.on('message', handler),
    onError: (handler) => worker.on('error', handler),
    terminate: () => void worker.terminate(),
  };
}
