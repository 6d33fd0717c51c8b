/**
 * Who replays submissions: a worker thread (check-worker.ts), one submission at a time and each
 * within a time limit, so that no game move on this node waits for a replay. A replay past its
 * limit ends the thread (a search inside wasm cannot be interrupted any other way); the next one
 * gets a new thread. An idle thread is ended too, giving its memory back.
 */
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../../src/engine/worker-node';
import type { Submission, Verdict } from './check';
import type { CheckDone, CheckJob } from './check-worker';

/** What became of one check. */
export type CheckOutcome =
  | { kind: 'verdict'; verdict: Verdict }
  /** Past its time limit: the thread was ended. */
  | { kind: 'timed-out' }
  /** The thread died under it (out of memory, a trap), or the checker was closed. */
  | { kind: 'failed'; message: string };

export interface Checker {
  check(submission: Submission): Promise<CheckOutcome>;
  /** Ends the thread; a check under way comes back failed. */
  close(): Promise<void>;
}

export interface CheckerOptions {
  /** The most one replay may take. */
  maxCheckMs: number;
  /** An idle thread is ended after this long. */
  idleMs?: number;
}

const entry = new URL('./check-worker.ts', import.meta.url).href;

export function workerChecker({ maxCheckMs, idleMs = 60_000 }: CheckerOptions): Checker {
  let worker: Worker | undefined;
  let nextId = 1;
  let running: { id: number; settle: (outcome: CheckOutcome) => void } | undefined;
  let idle: NodeJS.Timeout | undefined;

  const end = () => {
    const ending = worker;
    worker = undefined;
    return ending?.terminate();
  };

  const ensureWorker = (): Worker => {
    if (worker) return worker;
    const started = startTsWorker(entry);
    worker = started;
    started.on('message', ({ id, verdict }: CheckDone) => {
      if (running?.id === id) running.settle({ kind: 'verdict', verdict });
    });
    started.on('error', (error) => running?.settle({ kind: 'failed', message: error.message }));
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      running?.settle({ kind: 'failed', message: 'the checking thread stopped' });
    });
    return started;
  };

  return {
    check(submission) {
      if (running) return Promise.resolve({ kind: 'failed', message: 'a check is already under way' });
      clearTimeout(idle);
      const id = nextId++;
      return new Promise<CheckOutcome>((resolve) => {
        const limit = setTimeout(() => {
          settle({ kind: 'timed-out' });
          void end();
        }, maxCheckMs);
        const settle = (outcome: CheckOutcome) => {
          if (running?.id !== id) return;
          running = undefined;
          clearTimeout(limit);
          idle = setTimeout(() => void end(), idleMs);
          idle.unref();
          resolve(outcome);
        };
        running = { id, settle };
        ensureWorker().postMessage({ id, submission } satisfies CheckJob);
      });
    },
    async close() {
      clearTimeout(idle);
      running?.settle({ kind: 'failed', message: 'the checker was closed' });
      clearTimeout(idle);
      await end();
    },
  };
}
