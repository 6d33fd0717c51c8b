/**
 * The AI dev server's search thread: loads the engine once and answers one /move or /evaluate
 * at a time, so the server's own thread keeps answering (/health, other connections) while an
 * Expert search runs.
 */
import { parentPort } from 'node:worker_threads';
import { loadEngine } from '../../../src/engine/load';
import { failure, evaluate, move, type Reply } from './handlers';
import type { AiPayload } from './payload';

export interface SearchJob {
  id: number;
  kind: 'move' | 'evaluate';
  payload: AiPayload;
}

export interface SearchDone {
  id: number;
  reply: Reply;
}

const port = parentPort!;
const engine = await loadEngine();
port.on('message', ({ id, kind, payload }: SearchJob) => {
  let reply: Reply;
  try {
    reply = (kind === 'move' ? move : evaluate)(engine, payload);
  } catch (error) {
    console.error('AI server: search failed', error);
    reply = failure(500, 'internal error');
  }
  port.postMessage({ id, reply } satisfies SearchDone);
});
