/**
 * PostgREST as a child of the server: killed, it is restarted, and meanwhile the data API
 * answers 503 with Retry-After rather than hanging or failing without a word.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteForTests, type TestDatabase } from '../db/databases.testkit';
import { startTestBackend, type TestBackend } from '../backend.testkit';

describe('PostgREST supervised', () => {
  let test: TestDatabase;
  let server: TestBackend;
  const lines: string[] = [];
  beforeAll(async () => {
    test = await pgliteForTests();
    server = await startTestBackend(test, { log: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    await test?.stop().catch(() => undefined);
  });

  const read = () => fetch(`${server.url}/rest/v1/profiles?select=id`, { headers: { apikey: server.keys.anonKey } });

  it('is restarted after it is killed, answering 503 with Retry-After until it is back', async () => {
    expect((await read()).status).toBe(200);
    const { postgrest } = server.backend;
    const pid = postgrest.pid();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    // Until the supervisor has seen it go, a request may still find the old socket: 503 either way.
    let reply = await read();
    while (reply.status === 200) reply = await read();
    expect(reply.status).toBe(503);
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await reply.json()).toMatchObject({ message: 'The data API is restarting. Try again shortly.' });
    // The supervisor sees the exit, waits its back-off and starts another PostgREST.
    while (postgrest.pid() === pid) await new Promise((resolve) => setTimeout(resolve, 20));
    await postgrest.whenUp();
    expect((await read()).status).toBe(200);
    expect(postgrest.pid()).not.toBe(pid);
    expect(lines.join('\n')).toMatch(/data API: PostgREST exited \(SIGKILL|\d+\).*; restarting in 500 ms/);
  });
});
