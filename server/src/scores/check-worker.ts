/**
 * The score checker's thread: loads the engine once and replays one submission at a time, so the
 * server's own thread (every game's moves) never waits for a replay.
 */
import { parentPort } from 'node:worker_threads';
import { loadEngine } from '../../../src/engine/load';
import { checkSubmission, type Submission, type Verdict } from './check';

export interface CheckJob {
  id: number;
  submission: Submission;
}

export interface CheckDone {
  id: number;
  verdict: Verdict;
}

const port = parentPort!;
const engine = await loadEngine();
port.on('message', ({ id, submission }: CheckJob) => {
  let verdict: Verdict;
  try {
    verdict = checkSubmission(submission, engine);
  } catch (error) {
    // The engine refused something the check let through: the same input fails the same way again.
    verdict = { verified: false, reason: `The game could not be replayed: ${error instanceof Error ? error.message : String(error)}` };
  }
  port.postMessage({ id, verdict } satisfies CheckDone);
});
