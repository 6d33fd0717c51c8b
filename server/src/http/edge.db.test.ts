/**
 * The HTTP edge held against slow and oversized clients: a stalled upload is cut (with the time-out
 * shortened for the test), bodies past the limits are refused, and preflights never open the
 * server to private-network requests from other sites.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteForTests, type TestDatabase } from '../db/databases.testkit';
import { startTestBackend, type TestBackend } from '../backend.testkit';

describe('the HTTP edge', () => {
  let test: TestDatabase;
  let server: TestBackend;
  beforeAll(async () => {
    test = await pgliteForTests();
    server = await startTestBackend(test, { timeouts: { requestMs: 1_000, headersMs: 1_000 } });
  });
  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    await test?.stop().catch(() => undefined);
  });

  it('cuts an upload that stalls before its body ends, answering 408', async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(`POST /auth/v1/signup HTTP/1.1\r\nHost: x\r\napikey: ${server.keys.anonKey}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`);
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('refuses bodies past the limits with 413 before reading them', async () => {
    const headers = { apikey: server.keys.anonKey, 'Content-Type': 'application/json' };
    const auth = await fetch(`${server.url}/auth/v1/signup`, { method: 'POST', headers, body: 'x'.repeat(65 * 1024) });
    expect(auth.status).toBe(413);
    expect(await auth.json()).toMatchObject({ code: 413, error_code: 'request_too_large' });
    const rest = await fetch(`${server.url}/rest/v1/game_scores`, { method: 'POST', headers, body: 'x'.repeat(1024 * 1024 + 1) });
    expect(rest.status).toBe(413);
    expect(await rest.json()).toMatchObject({ code: 'PGRST413', message: 'Payload Too Large' });
  });

  it('answers preflights from any origin for the APIs, never allowing private-network access', async () => {
    for (const path of ['/auth/v1/token?grant_type=password', '/rest/v1/game_scores']) {
      const reply = await fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://elsewhere.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'apikey, authorization, content-type, prefer',
          'Access-Control-Request-Private-Network': 'true',
        },
      });
      expect(reply.status).toBe(204);
      expect(reply.headers.get('access-control-allow-origin')).toBe('*');
      expect(reply.headers.get('access-control-allow-private-network')).toBeNull();
    }
  });

  it('caps a read at 1000 rows whatever the limit asked, as hosted Supabase does', async () => {
    const { id } = (await test.db.query<{ id: string }>(`insert into auth.users (email, encrypted_password) values ('many@example.com', 'x') returning id`))[0]!;
    // Written as the database owner, verified as if replayed (the triggers would make them pending).
    await test.db.exec('alter table public.game_scores disable trigger user');
    await test.db.query(
      `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, ai_difficulty, game_id, record, status)
       select $1, 'many', 1 + g % 700, 1, 6, 'connection', 'ai', 'easy', 'g' || g, 'g' || g, 'verified' from generate_series(1, 1500) g`,
      [id],
    );
    await test.db.exec('alter table public.game_scores enable trigger user');
    for (const query of ['select=id', 'select=id&limit=100000']) {
      const reply = await fetch(`${server.url}/rest/v1/game_scores?${query}`, { headers: { apikey: server.keys.anonKey, Prefer: 'count=exact' } });
      expect(((await reply.json()) as unknown[]).length).toBe(1000);
      expect(reply.headers.get('content-range')).toBe('0-999/1500');
    }
  });
});
