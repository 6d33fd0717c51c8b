/**
 * How often one client address may try the auth API, counted in the database
 * (rate-limiter-flexible's PostgreSQL store, table local_auth.rate_limits), so every server
 * process shares the counts and they survive a restart.
 *
 * Failed sign-ins are limited per address and per (account, address): guesses from elsewhere
 * never lock the owner out, and a spray over many accounts from one address stops early.
 */
import { createHash } from 'node:crypto';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Database } from '../db/database';
import { sharedRateLimiter, type SharedLimit as Limit } from '../db/rate-limit-store';
import { tooManyRequests } from './errors';

export interface AuthLimits {
  signInFailuresPerAddress: Limit;
  signInFailuresPerAccountAndAddress: Limit;
  signUpsPerAddress: Limit;
  refreshesPerAddress: Limit;
}

export const DEFAULT_LIMITS: AuthLimits = {
  signInFailuresPerAddress: { points: 10, seconds: 15 * 60 },
  signInFailuresPerAccountAndAddress: { points: 5, seconds: 15 * 60 },
  signUpsPerAddress: { points: 10, seconds: 60 * 60 },
  // GoTrue's default for token refreshes.
  refreshesPerAddress: { points: 150, seconds: 5 * 60 },
};

export interface Throttles {
  /** Counts a sign-in attempt as failed before it is checked (parallel guesses are held too); 429 past a limit. */
  signInAttempt(email: string, address: string): Promise<void>;
  /** The password was right: the attempt no longer counts. */
  signInSucceeded(email: string, address: string): Promise<void>;
  signUp(address: string): Promise<void>;
  refresh(address: string): Promise<void>;
}

/** Keys hold no e-mail in clear, and fit the store's 255 characters whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

export function createThrottles(db: Database, limits: AuthLimits = DEFAULT_LIMITS): Throttles {
  const limiter = (keyPrefix: string, limit: Limit) => sharedRateLimiter(db, keyPrefix, limit);
  const byAddress = limiter('sign-in', limits.signInFailuresPerAddress);
  const byAccount = limiter('sign-in-account', limits.signInFailuresPerAccountAndAddress);
  const signUps = limiter('sign-up', limits.signUpsPerAddress);
  const refreshes = limiter('refresh', limits.refreshesPerAddress);

  const consume = async (rateLimiter: RateLimiterPostgres, key: string, message: string) => {
    try {
      await rateLimiter.consume(key);
    } catch (result) {
      if (result instanceof RateLimiterRes) throw tooManyRequests(message, result.msBeforeNext / 1000);
      throw result; // the store failed: the database is down
    }
  };

  return {
    async signInAttempt(email, address) {
      await consume(byAccount, `${digest(email)}:${address}`, 'Too many sign-in attempts. Try again later.');
      await consume(byAddress, address, 'Too many sign-in attempts. Try again later.');
    },
    async signInSucceeded(email, address) {
      await byAccount.delete(`${digest(email)}:${address}`);
      await byAddress.reward(address);
    },
    signUp: (address) => consume(signUps, address, 'Too many sign-ups from your network. Try again later.'),
    refresh: (address) => consume(refreshes, address, 'Too many token refreshes. Try again later.'),
  };
}
