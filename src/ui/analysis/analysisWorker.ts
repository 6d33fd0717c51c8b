/**
 * The analysis board's Web Worker: loads the engine once and analyses the position it was last
 * sent, posting each round as it comes (search.ts). A new position (or none, on a full board)
 * replaces the one under way: the worker checks between two searches, each a fraction of a
 * second, so the page never waits and never gets answers for a position it has left.
 */
import { loadEngine } from '../../engine/load';
import { analysePosition, type AnalysisUpdate, type SearchPosition } from '../../game/analysis/search';

export interface AnalysisRequest {
  id: number;
  position: SearchPosition | null;
}

export type AnalysisReply = { id: number; update: AnalysisUpdate } | { id: number; error: string };

const scope = globalThis as unknown as {
  postMessage(message: AnalysisReply): void;
  addEventListener(type: 'message', handler: (event: MessageEvent<AnalysisRequest>) => void): void;
};

const engine = loadEngine();
let current = 0;

/** Lets a newer request's message in before the next search. */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function run({ id, position }: AnalysisRequest): Promise<void> {
  if (!position) return;
  try {
    const ready = await engine;
    await pause();
    for (const update of analysePosition(ready, position)) {
      if (current !== id) return;
      if (update) scope.postMessage({ id, update });
      else await pause();
    }
  } catch (error) {
    if (current === id) scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

scope.addEventListener('message', (event) => {
  current = event.data.id;
  void run(event.data);
});
