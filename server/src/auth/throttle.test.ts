import { describe, expect, it } from 'vitest';
import { MAX_FAILURES, SignInThrottle, WINDOW_MS } from './throttle';

describe('SignInThrottle', () => {
  it('blocks an e-mail after 5 failures within 15 minutes, until the oldest leaves the window', () => {
    let time = 1_000_000;
    const throttle = new SignInThrottle(() => new Date(time));
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect(throttle.blocked('a@x.io')).toBe(false);
      throttle.fail('a@x.io');
      time += 1000;
    }
    expect(throttle.blocked('a@x.io')).toBe(true);
    expect(throttle.blocked('b@x.io')).toBe(false);
    time = 1_000_000 + WINDOW_MS - 1;
    expect(throttle.blocked('a@x.io')).toBe(true);
    time = 1_000_000 + WINDOW_MS;
    expect(throttle.blocked('a@x.io')).toBe(false);
  });

  it('forgets failures older than the window and after a success', () => {
    let time = 0;
    const throttle = new SignInThrottle(() => new Date(time));
    for (let i = 0; i < 4; i++) throttle.fail('a@x.io');
    time = WINDOW_MS + 1;
    for (let i = 0; i < 4; i++) throttle.fail('a@x.io');
    expect(throttle.blocked('a@x.io')).toBe(false);
    throttle.succeed('a@x.io');
    for (let i = 0; i < 4; i++) throttle.fail('a@x.io');
    expect(throttle.blocked('a@x.io')).toBe(false);
  });
});
