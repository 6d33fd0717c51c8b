/**
 * The review's workers: the positions of a game are analysed in parallel, each by one engine
 * worker of its own (one per core, up to four), so that a whole 16×16 game's review takes
 * seconds rather than minutes. Each worker loads the engine once and then answers one position
 * at a time; the results are put back in move order whatever order they finish in.
 */
import { Thinker, type WorkerPort } from '../../engine/thinker';

/** More workers than this gain little on a laptop and take the memory of one engine each. */
export const MAX_REVIEW_WORKERS = 4;

/** How many workers to start for `cores` logical cores (navigator.hardwareConcurrency): 1 to 4. */
export function reviewWorkerCount(cores: number | undefined): number {
  if (cores === undefined || !Number.isFinite(cores) || cores < 1) return 1;
  return Math.min(MAX_REVIEW_WORKERS, Math.floor(cores));
}

/**
 * `task` run on every item, each worker on one item at a time, taking the next item not yet
 * taken as soon as it is free: at most `workers.length` at once. Resolves with the results in
 * the items' order; `onResult` as each one finishes. Rejects with the first task's error, and
 * then starts no more (the caller stops those under way).
 */
export function runInPool<W, T, R>(
  workers: readonly W[],
  items: readonly T[],
  task: (worker: W, item: T, index: number) => Promise<R>,
  onResult: (index: number, result: R) => void = () => {},
): Promise<R[]> {
  return new Promise((resolve, reject) => {
    const results: R[] = new Array<R>(items.length);
    let next = 0;
    let finished = 0;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error);
    };
    const take = (worker: W) => {
      if (failed || next >= items.length) return;
      const index = next++;
      task(worker, items[index]!, index)
        .then((result) => {
          if (failed) return;
          results[index] = result;
          finished++;
          onResult(index, result);
          if (finished === items.length) resolve(results);
          else take(worker);
        })
        .catch(fail);
    };
    if (items.length === 0) resolve(results);
    else workers.forEach(take);
  });
}

/** `work`, or a rejection with `reason` if it has not settled within `ms` milliseconds. */
export function within<T>(work: Promise<T>, ms: number, reason: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(reason)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The review's engine workers: `count` Thinkers, each starting its worker on its first position
 * and keeping it (the engine loaded once) until cancelled or disposed.
 */
export class ReviewWorkers {
  readonly analysts: readonly Thinker[];

  constructor(count: number, spawn: () => WorkerPort) {
    this.analysts = Array.from({ length: Math.max(1, count) }, () => new Thinker(spawn));
  }

  /** How many workers are searching now. */
  get busy(): number {
    return this.analysts.filter((analyst) => analyst.thinking).length;
  }

  /** Stops every search under way and ends its worker; the review under way rejects. */
  cancel(): void {
    for (const analyst of this.analysts) analyst.cancel();
  }

  /** Ends every worker (leaving the page). */
  dispose(): void {
    for (const analyst of this.analysts) analyst.dispose();
  }
}
