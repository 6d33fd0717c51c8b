import { describe, expect, it } from 'vitest';
import { readAiConfig } from './config';

describe('readAiConfig', () => {
  it('listens on port 5000 on every interface by default', () => {
    expect(readAiConfig({})).toEqual({ port: 5000, host: undefined });
  });

  it('takes AI_PORT and AI_HOST', () => {
    expect(readAiConfig({ AI_PORT: '0', AI_HOST: '127.0.0.1' })).toEqual({ port: 0, host: '127.0.0.1' });
  });

  it('refuses a port that is not an integer in 0..65535', () => {
    for (const port of ['', 'abc', '-1', '1.5', '65536']) {
      expect(() => readAiConfig({ AI_PORT: port }), port).toThrow(`AI_PORT must be an integer from 0 to 65535, got "${port}"`);
    }
  });
});
