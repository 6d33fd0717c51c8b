/** Debian's redis-server as `npm run cluster -- --adapter redis` starts it: it answers PING, then stops. */
import { afterAll, describe, expect, it } from 'vitest';
import { pingRedis, startRedis, type RunningRedis } from './redis';

describe('startRedis', () => {
  let redis: RunningRedis | undefined;

  afterAll(async () => {
    await redis?.stop();
  });

  it('starts on loopback, answers PING, and stops', async () => {
    redis = await startRedis();
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    expect(await pingRedis(redis.port)).toBe(true);
    await redis.stop();
    expect(await pingRedis(redis.port)).toBe(false);
  });
});
