/** One address's share of the data API on a node, without a database: its turns and its rate. */
import { afterEach, describe, expect, it } from 'vitest';
import { createRestLimiter, type Admission, type RestLimiter } from './rest-limits';

let limiter: RestLimiter;
afterEach(() => limiter?.stop());

const admitted = (admission: Admission) => {
  if (!admission.admitted) throw new Error(`refused: ${admission.message}`);
  return admission.release;
};

describe('createRestLimiter', () => {
  it('answers two of an address at once; the next wait their turn in order, the rest are refused', async () => {
    limiter = createRestLimiter(undefined, { requests: { points: 100, seconds: 10 }, inFlight: 2, waiting: 2, syncEveryMs: 1_000 });
    const first = admitted(await limiter.admit('a'));
    admitted(await limiter.admit('a'));
    const order: string[] = [];
    const third = limiter.admit('a').then((admission) => (order.push('third'), admission));
    const fourth = limiter.admit('a').then((admission) => (order.push('fourth'), admission));
    await expect.poll(() => limiter.load('a')).toEqual({ running: 2, waiting: 2 });
    expect(await limiter.admit('a')).toMatchObject({ admitted: false, retryAfterSeconds: 1, message: 'Too many requests at once from your network. Try again shortly.' });
    // Another address is not held up.
    admitted(await limiter.admit('b'));

    first();
    first(); // released twice: counted once
    const releaseThird = admitted(await third);
    expect(order).toEqual(['third']);
    expect(limiter.load('a')).toEqual({ running: 2, waiting: 1 });
    releaseThird();
    admitted(await fourth);
    expect(order).toEqual(['third', 'fourth']);
  });

  it('refuses an address past its requests per window, saying when to come back', async () => {
    limiter = createRestLimiter(undefined, { requests: { points: 3, seconds: 10 }, inFlight: 10, waiting: 0, syncEveryMs: 1_000 });
    for (let i = 0; i < 3; i++) admitted(await limiter.admit('a'))();
    const refused = await limiter.admit('a');
    expect(refused).toMatchObject({ admitted: false, message: 'Too many requests from your network. Try again shortly.', details: 'At most 3 requests in 10 s from one address.' });
    expect(refused.admitted === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.admitted === false && refused.retryAfterSeconds).toBeLessThanOrEqual(10);
    admitted(await limiter.admit('b'));
  });
});
