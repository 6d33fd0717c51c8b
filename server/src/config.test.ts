/** The server's settings from the environment: defaults, and one clear error per bad value. */
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

const PG = 'postgresql://postgres@127.0.0.1:5432/postgres';

describe('readConfig', () => {
  it('on the embedded database: one node on its own, named after the machine and port', () => {
    expect(readConfig({ PORT: '3005' })).toMatchObject({ port: 3005, adapter: 'none', nodeId: `${hostname()}:3005` });
  });

  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(readConfig({}).host).toBe('127.0.0.1');
    expect(readConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readConfig({ HOST: '::' }).host).toBe('::');
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(readConfig({}).trustProxy.entries).toEqual([]);
    expect(readConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy.entries).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => readConfig({ TRUST_PROXY: '1' })).toThrow('TRUST_PROXY=1 would believe X-Forwarded-For from anyone; name the proxies');
  });

  it("takes one address's share of the data API from REST_RATE_LIMIT and REST_CONCURRENCY", () => {
    expect(readConfig({}).restLimits).toMatchObject({ requests: { points: 200, seconds: 10 }, inFlight: 2 });
    expect(readConfig({ REST_RATE_LIMIT: '1000', REST_CONCURRENCY: '4' }).restLimits).toMatchObject({ requests: { points: 1000, seconds: 10 }, inFlight: 4 });
    expect(() => readConfig({ REST_RATE_LIMIT: '0' })).toThrow('REST_RATE_LIMIT must be a whole number of at least 1, got "0"');
    expect(() => readConfig({ REST_CONCURRENCY: 'lots' })).toThrow('REST_CONCURRENCY must be a whole number of at least 1, got "lots"');
  });

  it('takes sign-ups per address per hour from SIGN_UP_RATE_LIMIT, 10 by default, the other auth limits unchanged', () => {
    expect(readConfig({}).authLimits.signUpsPerAddress).toEqual({ points: 10, seconds: 3600 });
    const raised = readConfig({ SIGN_UP_RATE_LIMIT: '100' }).authLimits;
    expect(raised.signUpsPerAddress).toEqual({ points: 100, seconds: 3600 });
    expect(raised.signInFailuresPerAddress).toEqual(readConfig({}).authLimits.signInFailuresPerAddress);
    expect(() => readConfig({ SIGN_UP_RATE_LIMIT: '-5' })).toThrow('SIGN_UP_RATE_LIMIT must be a whole number of at least 1, got "-5"');
  });

  it("gives the page's policy the origins the client was built to talk to", () => {
    expect(readConfig({}).connectOrigins).toEqual([]);
    expect(readConfig({ VITE_SUPABASE_URL: 'https://project.supabase.co/', VITE_SOCKET_URL: 'https://game.example:8443/x' }).connectOrigins).toEqual([
      'https://project.supabase.co',
      'https://game.example:8443',
    ]);
    expect(() => readConfig({ VITE_SUPABASE_URL: 'project.supabase.co' })).toThrow('VITE_SUPABASE_URL must be an http(s) URL such as https://project.supabase.co, got "project.supabase.co"');
  });

  it("lets the page load the analytics script it was built with, and only then", () => {
    expect(readConfig({}).analyticsOrigins).toEqual([]);
    expect(readConfig({ VITE_ANALYTICS_SRC: ' https://stats.example/js/script.js ' }).analyticsOrigins).toEqual(['https://stats.example']);
    expect(() => readConfig({ VITE_ANALYTICS_SRC: 'stats.example/script.js' })).toThrow('VITE_ANALYTICS_SRC must be an http(s) URL');
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
