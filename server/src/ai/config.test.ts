import { describe, expect, it } from 'vitest';
import { readAiConfig } from './config';

describe('readAiConfig', () => {
  it("listens on 127.0.0.1:5000 by default and allows only the game's own origins", () => {
    const config = readAiConfig({});
    expect([config.port, config.host]).toEqual([5000, '127.0.0.1']);
    expect([...config.allowedOrigins]).toEqual(['http://localhost:3001', 'http://127.0.0.1:3001', 'http://localhost:5173', 'http://127.0.0.1:5173']);
  });

  it('takes AI_PORT, AI_HOST and AI_ALLOWED_ORIGINS', () => {
    const config = readAiConfig({ AI_PORT: '0', AI_HOST: '0.0.0.0', AI_ALLOWED_ORIGINS: 'https://game.example, http://localhost:8080' });
    expect([config.port, config.host, [...config.allowedOrigins]]).toEqual([0, '0.0.0.0', ['https://game.example', 'http://localhost:8080']]);
  });

  it('refuses AI_ALLOWED_ORIGINS entries that are not origins', () => {
    for (const origin of ['*', 'game.example', 'https://game.example/', 'ftp://game.example', 'http://localhost:3001/game']) {
      expect(() => readAiConfig({ AI_ALLOWED_ORIGINS: origin }), origin).toThrow(`AI_ALLOWED_ORIGINS must list origins like http://localhost:3001, separated by commas; got "${origin}"`);
    }
  });

  it('refuses a port that is not an integer in 0..65535', () => {
    for (const port of ['', 'abc', '-1', '1.5', '65536']) {
      expect(() => readAiConfig({ AI_PORT: port }), port).toThrow(`AI_PORT must be an integer from 0 to 65535, got "${port}"`);
    }
  });
});
