/**
 * The auth API through raw HTTP, on both real databases: the API key, forged and expired
 * tokens, oversized and broken bodies, the sign-in throttles and refresh-token expiry (with an
 * injected clock), concurrent refreshes, CORS, sessions and the scopes of sign-out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASES, type TestDatabase } from '../db/databases.testkit';
import { startTestBackend, type TestBackend } from '../backend.testkit';
import { createKeys } from './keys';

interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

describe.each(TEST_DATABASES)('the auth API through raw HTTP on %s', (_name, open) => {
  let test: TestDatabase;
  let server: TestBackend;
  let offsetMs = 0;
  beforeAll(async () => {
    test = await open();
    server = await startTestBackend(test, { now: () => new Date(Date.now() + offsetMs) });
  });
  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    await test?.stop().catch(() => undefined);
  });

  async function call(path: string, init: RequestInit & { apikey?: string | null; bearer?: string; from?: string } = {}): Promise<Reply> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': init.from ?? '203.0.113.1' };
    const apikey = init.apikey === undefined ? server.keys.anonKey : init.apikey;
    if (apikey !== null) headers.apikey = apikey;
    if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
    const response = await fetch(`${server.url}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
  const post = (path: string, body: unknown, init: Parameters<typeof call>[1] = {}) =>
    call(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), ...init });
  const count = async (table: string) => (await test.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
  const signUp = async (email: string, password = 'secret1', from?: string) => {
    const reply = await post('/auth/v1/signup', { email, password }, { from });
    expect(reply.status).toBe(200);
    return reply.body as { access_token: string; refresh_token: string; user: { id: string; email: string } };
  };

  it('refuses requests without this server\'s anon key as apikey', async () => {
    const forged = await createKeys('some other secret, not the server one');
    const user = await signUp('keyholder@example.com');
    for (const apikey of [null, '']) {
      const reply = await post('/auth/v1/signup', { email: 'intruder@example.com', password: 'secret1' }, { apikey });
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ message: 'No API key found in request' });
    }
    for (const apikey of ['not-a-jwt', forged.anonKey, user.access_token]) {
      const reply = await post('/auth/v1/signup', { email: 'intruder@example.com', password: 'secret1' }, { apikey });
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ message: 'Invalid API key' });
      expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect(await count("auth.users where email = 'intruder@example.com'")).toBe(0);
  });

  it('refuses forged, expired, anon and missing Bearer tokens with 401', async () => {
    const user = await signUp('bearer@example.com');
    const forged = await createKeys('some other secret, not the server one');
    const forgedToken = (await forged.accessToken(user.user)).token;
    const expiredToken = (await server.keys.accessToken(user.user, new Date(Date.now() - 2 * 3600 * 1000))).token;
    const [header, payload] = user.access_token.split('.');
    const unsigned = `${header}.${payload}.`;
    for (const bearer of [forgedToken, expiredToken, server.keys.anonKey, unsigned, 'garbage']) {
      for (const [path, method] of [
        ['/auth/v1/user', 'GET'],
        ['/auth/v1/logout', 'POST'],
      ] as const) {
        const reply = await call(path, { method, bearer });
        expect(reply.status).toBe(401);
        expect(reply.body).toMatchObject({ code: 401, error_code: 'bad_jwt', msg: expect.stringMatching(/^invalid JWT: /) });
      }
    }
    expect((await call('/auth/v1/user')).status).toBe(401);
    // The real token still works, and logout with a forged one revoked nothing.
    expect((await call('/auth/v1/user', { bearer: user.access_token })).body).toMatchObject({ email: 'bearer@example.com' });
    expect((await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: user.refresh_token })).status).toBe(200);
  });

  it('refuses a body over 64 KiB with 413 and broken JSON with 400, storing nothing', async () => {
    const users = await count('auth.users');
    const huge = JSON.stringify({ email: 'huge@example.com', password: 'secret1', data: { username: 'x'.repeat(100 * 1024) } });
    const tooBig = await post('/auth/v1/signup', huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 413, error_code: 'request_too_large' });
    for (const body of ['{"email": ', '', '[1,2]', 'null']) {
      const broken = await post('/auth/v1/signup', body);
      expect(broken.status).toBe(400);
      expect(broken.body).toMatchObject({ code: 400, error_code: 'bad_json' });
    }
    const longName = await post('/auth/v1/signup', { email: 'long@example.com', password: 'secret1', data: { username: 'x'.repeat(21) } });
    expect(longName.status).toBe(400);
    expect(longName.body).toMatchObject({ msg: 'Username should be at most 20 characters.' });
    const injection = await post('/auth/v1/signup', { email: "x'); drop table auth.users; --@example.com", password: 'secret1' });
    expect(injection.body).toMatchObject({ msg: 'Unable to validate email address: invalid format' });
    expect(await count('auth.users')).toBe(users);
  });

  it("answers unknown paths and methods under /auth/v1 in GoTrue's shape", async () => {
    expect((await call('/auth/v1/admin/users')).body).toMatchObject({ code: 404, error_code: 'not_found' });
    expect((await call('/auth/v1/signup')).body).toMatchObject({ code: 405, error_code: 'method_not_allowed' });
    expect((await post('/auth/v1/token?grant_type=magic', {})).body).toMatchObject({ code: 400, error_code: 'unsupported_grant_type' });
  });

  it('answers CORS preflights for any origin with the headers supabase-js sends', async () => {
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://game.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = response.headers.get('access-control-allow-headers')!.split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version']));
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('refuses an account after 5 failed sign-ins from one address, and only from that address', async () => {
    await signUp('throttled@example.com', 'right-password');
    const signIn = (email: string, password: string, from = '198.51.100.7') =>
      post('/auth/v1/token?grant_type=password', { email, password }, { from });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn('throttled@example.com', 'wrong')).body).toMatchObject({ code: 400, msg: 'Invalid login credentials' });
    }
    for (const password of ['wrong', 'right-password']) {
      const refused = await signIn('THROTTLED@example.com', password);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Too many sign-in attempts. Try again later.' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The owner, elsewhere, is not locked out.
    expect((await signIn('throttled@example.com', 'right-password', '192.0.2.44')).status).toBe(200);
    // Once the window has passed, the address may try again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    try {
      expect((await signIn('throttled@example.com', 'right-password')).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds guesses sent all at once to the limit, for known and unknown accounts alike', async () => {
    await signUp('bystander@example.com', 'right-password');
    const signIn = (email: string) => post('/auth/v1/token?grant_type=password', { email, password: 'wrong' }, { from: '198.51.100.8' });
    const burst = await Promise.all(Array.from({ length: 12 }, () => signIn('bystander@example.com')));
    expect(burst.filter((reply) => reply.status === 400)).toHaveLength(5);
    expect(burst.filter((reply) => reply.status === 429)).toHaveLength(7);
    const ghost = await Promise.all(Array.from({ length: 6 }, () => post('/auth/v1/token?grant_type=password', { email: 'ghost@example.com', password: 'x' }, { from: '198.51.100.9' })));
    expect(ghost.filter((reply) => reply.status === 429)).toHaveLength(1);
  });

  it('expires refresh tokens left unused for 30 days', async () => {
    const user = await signUp('sleeper@example.com');
    try {
      offsetMs = 31 * 24 * 3600 * 1000;
      const reply = await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: user.refresh_token });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' });
    } finally {
      offsetMs = 0;
    }
  });

  it('lets only one of two concurrent refreshes with one token win, then revokes the family', async () => {
    const user = await signUp('racer@example.com');
    const replies = await Promise.all(
      [0, 1].map(() => post('/auth/v1/token?grant_type=refresh_token', { refresh_token: user.refresh_token })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    const winner = replies.find((reply) => reply.status === 200)!.body as { refresh_token: string };
    expect((await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: winner.refresh_token })).status).toBe(400);
  });

  const signIn = async (email: string, password = 'secret1') => {
    const reply = await post('/auth/v1/token?grant_type=password', { email, password });
    expect(reply.status).toBe(200);
    return reply.body as { access_token: string; refresh_token: string };
  };
  const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const SESSION_NOT_FOUND = { code: 403, error_code: 'session_not_found', msg: 'Session from session_id claim in JWT does not exist' };

  it("ends the session on sign-out, as GoTrue: its access token gets 403 session_not_found, its refresh token refreshes nothing", async () => {
    const user = await signUp('leaver@example.com', 'secret1', '203.0.113.21');
    expect(claims(user.access_token).session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('/auth/v1/user', { bearer: user.access_token })).status).toBe(200);
    expect((await call('/auth/v1/logout', { method: 'POST', bearer: user.access_token })).status).toBe(204);
    for (const [path, method] of [
      ['/auth/v1/user', 'GET'],
      ['/auth/v1/logout', 'POST'],
    ] as const) {
      const reply = await call(path, { method, bearer: user.access_token });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(SESSION_NOT_FOUND);
    }
    const refresh = await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: user.refresh_token });
    expect(refresh.body).toMatchObject({ error_code: 'refresh_token_not_found' });
    expect(await count(`local_auth.sessions where user_id = '${user.user.id}'`)).toBe(0);
    expect(await count(`local_auth.refresh_tokens where user_id = '${user.user.id}'`)).toBe(0);
  });

  it('keeps the session through refreshes: the refreshed token names the same one, and sign-out ends it too', async () => {
    const user = await signUp('refresher@example.com', 'secret1', '203.0.113.22');
    const refreshed = (await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: user.refresh_token })).body as { access_token: string };
    expect(claims(refreshed.access_token).session_id).toBe(claims(user.access_token).session_id);
    expect((await call('/auth/v1/logout', { method: 'POST', bearer: refreshed.access_token })).status).toBe(204);
    expect((await call('/auth/v1/user', { bearer: user.access_token })).body).toEqual(SESSION_NOT_FOUND);
  });

  it("signs out by GoTrue's scopes: global (the default) every session, local the caller's, others every other one", async () => {
    await signUp('devices@example.com', 'secret1', '203.0.113.23');
    const [phone, laptop, tablet] = [await signIn('devices@example.com'), await signIn('devices@example.com'), await signIn('devices@example.com')];
    const live = async (session: { access_token: string }) => (await call('/auth/v1/user', { bearer: session.access_token })).status === 200;

    const unknown = await call('/auth/v1/logout?scope=everywhere', { method: 'POST', bearer: phone.access_token });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Unsupported logout scope "everywhere"' });
    expect([await live(phone), await live(laptop), await live(tablet)]).toEqual([true, true, true]);

    expect((await call('/auth/v1/logout?scope=local', { method: 'POST', bearer: phone.access_token })).status).toBe(204);
    expect([await live(phone), await live(laptop), await live(tablet)]).toEqual([false, true, true]);
    expect((await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: laptop.refresh_token })).status).toBe(200);

    const desk = await signIn('devices@example.com');
    expect((await call('/auth/v1/logout?scope=others', { method: 'POST', bearer: desk.access_token })).status).toBe(204);
    expect([await live(laptop), await live(tablet), await live(desk)]).toEqual([false, false, true]);

    expect((await call('/auth/v1/logout', { method: 'POST', bearer: desk.access_token })).status).toBe(204);
    expect(await live(desk)).toBe(false);
  });

  it('takes a token from before sessions on its signature until it expires; its sign-out ends every session', async () => {
    const user = await signUp('old-timer@example.com', 'secret1', '203.0.113.24');
    const legacy = (await server.keys.accessToken(user.user)).token;
    expect(claims(legacy).session_id).toBeUndefined();
    expect((await call('/auth/v1/user', { bearer: legacy })).status).toBe(200);
    expect((await call('/auth/v1/logout?scope=local', { method: 'POST', bearer: legacy })).status).toBe(204);
    expect((await call('/auth/v1/user', { bearer: user.access_token })).body).toEqual(SESSION_NOT_FOUND);
  });

  it('drops sessions whose refresh tokens have all expired at the next sign-in', async () => {
    const user = await signUp('forgetful@example.com', 'secret1', '203.0.113.25');
    await signIn('forgetful@example.com');
    expect(await count(`local_auth.sessions where user_id = '${user.user.id}'`)).toBe(2);
    try {
      offsetMs = 31 * 24 * 3600 * 1000;
      await signIn('forgetful@example.com');
      expect(await count(`local_auth.sessions where user_id = '${user.user.id}'`)).toBe(1);
    } finally {
      offsetMs = 0;
    }
  });

  it('stores no password or refresh token in clear', async () => {
    const user = await signUp('clear@example.com', 'plain-password');
    const rows = await test.db.query<{ dump: string }>(
      `select (select json_agg(u)::text from auth.users u) || (select json_agg(t)::text from local_auth.refresh_tokens t) as dump`,
    );
    expect(rows[0]!.dump).not.toContain('plain-password');
    expect(rows[0]!.dump).not.toContain(user.refresh_token);
  });
});
