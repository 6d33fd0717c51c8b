/**
 * The AI worker: loads the engine once and answers one search at a time.
 * The same file runs as a browser Web Worker and as a Node worker thread.
 */
import { loadEngine } from './load';
import type { SolveMessage, ThinkMessage, ThoughtMessage } from './thinker';

interface Port {
  listen(handler: (message: ThinkMessage | SolveMessage) => void): void;
  send(message: ThoughtMessage): void;
}

/** A Web Worker's own scope, if this is one. */
function browserPort(): Port | undefined {
  const scope = globalThis as unknown as {
    postMessage?: (message: unknown) => void;
    addEventListener?: (type: 'message', handler: (event: MessageEvent<ThinkMessage | SolveMessage>) => void) => void;
  };
  const { postMessage, addEventListener } = scope;
  if (typeof postMessage !== 'function' || typeof addEventListener !== 'function') return undefined;
  return {
    listen: (handler) => addEventListener.call(scope, 'message', (event) => handler(event.data)),
    send: (message) => postMessage.call(scope, message),
  };
}

async function nodePort(): Promise<Port> {
  // A variable module name keeps browser bundlers from following it.
  const threads = 'node:worker_threads';
  const { parentPort } = (await import(/* @vite-ignore */ threads)) as typeof import('node:worker_threads');
  if (!parentPort) throw new Error('worker.ts must run as a worker');
  return {
    listen: (handler) => parentPort.on('message', handler),
    send: (message) => parentPort.postMessage(message),
  };
}

// Listen before anything is awaited in the browser, so no early message is
// dropped; Node's port queues messages until it has a listener.
const port = browserPort() ?? (await nodePort());
const engine = loadEngine();
port.listen(async (message) => {
  const { id } = message;
  try {
    if ('solve' in message) port.send({ id, ok: true, solution: (await engine).solve(message.solve) });
    else port.send({ id, ok: true, move: (await engine).chooseMove(message.request) });
  } catch (error) {
    port.send({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
