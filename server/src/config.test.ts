/** The server's settings from the environment: defaults, and one clear error per bad value. */
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

const PG = 'postgresql://postgres@127.0.0.1:5432/postgres';

describe('readConfig', () => {
  it('on the embedded database: one node on its own, named after the machine and port', () => {
    expect(readConfig({ PORT: '3005' })).toMatchObject({ port: 3005, adapter: 'none', nodeId: `${hostname()}:3005`, trustProxy: false });
  });

  it('on PostgreSQL: nodes share rooms through the postgres adapter unless told otherwise', () => {
    expect(readConfig({ DATABASE_URL: PG, NODE_ID: 'node-2' })).toMatchObject({ adapter: 'postgres', nodeId: 'node-2' });
    expect(readConfig({ DATABASE_URL: PG, SOCKET_ADAPTER: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({ adapter: 'redis', redisUrl: 'redis://127.0.0.1:6379' });
    expect(readConfig({ DATABASE_URL: PG, SOCKET_ADAPTER: 'none' })).toMatchObject({ adapter: 'none' });
  });

  it('refuses what cannot work, saying why', () => {
    expect(() => readConfig({ PORT: 'http' })).toThrow('PORT must be an integer from 0 to 65535, got "http"');
    expect(() => readConfig({ DATABASE_URL: PG, SOCKET_ADAPTER: 'kafka' })).toThrow('SOCKET_ADAPTER must be postgres, redis or none, got "kafka"');
    expect(() => readConfig({ SOCKET_ADAPTER: 'postgres' })).toThrow('SOCKET_ADAPTER=postgres needs DATABASE_URL: nodes share rooms only on PostgreSQL');
    expect(() => readConfig({ DATABASE_URL: PG, SOCKET_ADAPTER: 'redis' })).toThrow('SOCKET_ADAPTER=redis needs REDIS_URL, e.g. redis://127.0.0.1:6379');
    expect(() => readConfig({ DATABASE_URL: PG, NODE_ID: 'node 1' })).toThrow(`NODE_ID must be 1 to 100 letters, digits, '.', ':', '_' or '-', got "node 1"`);
  });
});
