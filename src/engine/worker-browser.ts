/** The AI worker in the browser, as a module Web Worker that Vite bundles. */
import type { WorkerPort } from './thinker';

export function spawnBrowserWorker(): WorkerPort {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (handler) => worker.addEventListener('message', (event) => handler(event.data)),
    onError: (handler) => worker.addEventListener('error', (event) => handler(new Error(event.message))),
    terminate: () => worker.terminate(),
  };
}
