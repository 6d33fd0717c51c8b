/**
 * The analysis board's engine answers for the position shown: one Web Worker for the page's
 * life (analysisWorker.ts), sent each new position; only the answers for the position still
 * shown are kept. Leaving the page ends the worker.
 */
import { useEffect, useRef, useState } from 'react';
import type { AnalysisUpdate, SearchPosition } from '../../game/analysis/search';
import type { AnalysisReply, AnalysisRequest } from './analysisWorker';

export interface EngineAnswer {
  update: AnalysisUpdate | null; // the latest round for the position shown; null until the first
  error: string | null;
}

const NONE: EngineAnswer = { update: null, error: null };

export function useEngineAnalysis(position: SearchPosition | null): EngineAnswer {
  const worker = useRef<Worker | null>(null);
  const asked = useRef<AnalysisRequest>({ id: 0, position: null });
  const [answer, setAnswer] = useState<{ position: SearchPosition | null } & EngineAnswer>({ position: null, ...NONE });

  useEffect(() => {
    const started = new Worker(new URL('./analysisWorker.ts', import.meta.url), { type: 'module' });
    started.addEventListener('message', (event: MessageEvent<AnalysisReply>) => {
      const reply = event.data;
      const request = asked.current;
      if (reply.id !== request.id) return; // a position the player has left
      setAnswer({ position: request.position, ...('update' in reply ? { update: reply.update, error: null } : { update: null, error: reply.error }) });
    });
    started.addEventListener('error', (event) => setAnswer({ position: asked.current.position, update: null, error: event.message || 'the engine stopped' }));
    worker.current = started;
    return () => {
      started.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    const request: AnalysisRequest = { id: asked.current.id + 1, position };
    asked.current = request;
    worker.current?.postMessage(request);
  }, [position]);

  return answer.position === position && position !== null ? answer : NONE;
}
