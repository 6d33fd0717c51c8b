/**
 * A worker thread running a TypeScript module as it is: the thread registers tsx first, since
 * Node 20 does not apply an `--import` loader to a worker's own entry file.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');

export function startTsWorker(entry: URL, workerData: unknown): Worker {
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}
