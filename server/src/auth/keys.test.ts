import { describe, expect, it } from 'vitest';
import { createKeys } from './keys';

describe('the anon key', () => {
  it('is the same for the same secret, so rebuilding the client keeps its file names', async () => {
    const secret = 'a secret of more than thirty-two characters';
    const [first, second] = await Promise.all([createKeys(secret), createKeys(secret)]);
    expect(first.anonKey).toBe(second.anonKey);
    expect((await createKeys(`${secret}!`)).anonKey).not.toBe(first.anonKey);
    expect(await first.verify(first.anonKey)).toMatchObject({ role: 'anon', iat: 1_767_225_600, exp: 2_398_377_600 });
  });
});
