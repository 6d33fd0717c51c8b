/**
 * Password hashing with argon2id (OWASP's first choice), in PHC strings: `$argon2id$v=19$m=...`.
 * Hashes run on libuv's thread pool, which static files and DNS share: at most `concurrency` run
 * at once (half the cores by default) and a few dozen wait, so a flood of sign-ins never leaves
 * the pool busy; past that the caller is told the server is busy.
 */
import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { serverBusy } from './errors';

// `Algorithm` is an ambient const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export interface Hasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a stored value that is no argon2 hash. */
  verify(stored: string, password: string): Promise<boolean>;
  /** Hashes running now (tests). */
  readonly running: number;
}

export interface HasherOptions {
  concurrency?: number;
  /** Hashes allowed to wait; one more is refused with 503. */
  maxWaiting?: number;
}

export function createHasher({ concurrency = Math.max(1, Math.floor(availableParallelism() / 2)), maxWaiting = 32 }: HasherOptions = {}): Hasher {
  const limit = pLimit(concurrency);
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    if (limit.pendingCount >= maxWaiting) return Promise.reject(serverBusy());
    return limit(work);
  };
  return {
    hash: (password) => queued(() => hash(password, { algorithm: ARGON2ID })),
    verify: (stored, password) => queued(() => verify(stored, password).catch(() => false)),
    get running() {
      return limit.activeCount;
    },
  };
}
