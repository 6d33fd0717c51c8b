/**
 * Attacks on accounts through the real auth API on both databases: lock-outs, sprays, sign-up
 * floods, hashing floods, hostile names and addresses, what the log keeps, and a signed-out
 * token used again (at /auth/v1 and on the game server's socket).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEngine } from '../../../src/engine/load';
import { createHasher, type Hasher } from '../auth/passwords';
import { TEST_DATABASES, type TestDatabase } from '../db/databases.testkit';
import { call, connectClient } from '../rooms/tests/rooms.testkit';
import { startTestBackend, type TestBackend } from '../backend.testkit';

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

describe.each(TEST_DATABASES)('attacks on accounts on %s', (_name, open) => {
  let test: TestDatabase;
  let server: TestBackend;
  let hasher: Hasher;
  let most = 0;
  const distDir = mkdtempSync(join(tmpdir(), 'cc-dist-'));
  beforeAll(async () => {
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Cell Connection</title>');
    test = await open();
    const real = createHasher({ concurrency: 1, maxWaiting: 4 });
    // The same hasher, watched: how many hashes ever ran at once.
    hasher = {
      hash: (password) => real.hash(password).finally(() => (most = Math.max(most, real.running))),
      verify: (stored, password) => {
        const pending = real.verify(stored, password);
        most = Math.max(most, real.running);
        return pending;
      },
      get running() {
        return real.running;
      },
    };
    // With the game server: a signed-out token must not count as signed in on its socket either.
    server = await startTestBackend(test, { hasher, distDir, engine: await loadEngine() });
  });
  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    await test?.stop().catch(() => undefined);
    rmSync(distDir, { recursive: true, force: true });
  });

  async function post(path: string, body: unknown, from: string): Promise<Reply> {
    const response = await fetch(`${server.url}/auth/v1/${path}`, {
      method: 'POST',
      headers: { apikey: server.keys.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': from },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }
  const signUp = (email: string, from: string, extra: object = {}) => post('signup', { email, password: 'right-password', ...extra }, from);
  const signIn = (email: string, password: string, from: string) => post('token?grant_type=password', { email, password }, from);

  it("five wrong passwords from someone else never lock the owner out", async () => {
    expect((await signUp('owner@example.com', '10.0.0.1')).status).toBe(200);
    for (let guess = 0; guess < 8; guess++) await signIn('owner@example.com', `guess-${guess}`, '10.6.6.6');
    expect((await signIn('owner@example.com', 'right-password', '10.0.0.1')).status).toBe(200);
  });

  it('stops a password spray over many accounts from one address after 10 failures', async () => {
    const replies = [];
    for (let i = 0; i < 30; i++) replies.push(await signIn(`victim${i}@example.com`, 'Summer2026!', '10.7.7.7'));
    expect(replies.slice(0, 10).every((reply) => reply.status === 400)).toBe(true);
    expect(replies.slice(10).every((reply) => reply.status === 429)).toBe(true);
    expect(replies[10]!.body).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect(Number(replies[10]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('throttles sign-ups from one address: 10 an hour', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(`flood${i}@example.com`, '10.8.8.8')));
    const refused = replies.filter((reply) => reply.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.body).toMatchObject({ msg: 'Too many sign-ups from your network. Try again later.' });
    // The other ten were signed up, or told to come back when too many waited to be hashed at once.
    const created = replies.filter((reply) => reply.status === 200).length;
    expect(created + replies.filter((reply) => reply.status === 503).length).toBe(10);
    expect(await test.db.query("select 1 from auth.users where email like 'flood%'")).toHaveLength(created);
  });

  it('hashes one password at a time, refuses a flood beyond the queue, and serves pages meanwhile', async () => {
    expect((await signUp('popular@example.com', '10.0.0.2')).status).toBe(200);
    most = 0;
    let signedIn = 0;
    const flood = Array.from({ length: 100 }, (_, i) =>
      signIn('popular@example.com', 'right-password', `10.9.0.${i}`).then((reply) => {
        if (reply.status === 200) signedIn++;
        return reply;
      }),
    );
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    const signedInBeforePage = signedIn;
    const replies = await Promise.all(flood);
    // The page did not wait for the hashing to drain: sign-ins went on after it.
    expect(signedInBeforePage).toBeLessThan(signedIn);
    expect(most).toBe(1);
    const busy = replies.filter((reply) => reply.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.body).toMatchObject({ error_code: 'server_busy', msg: 'Too many sign-ins at once. Try again in a moment.' });
    expect(busy[0]!.headers.get('retry-after')).toBe('2');
    expect(replies.every((reply) => reply.status === 200 || reply.status === 503)).toBe(true);
  });

  it('refuses a username with NUL or invisible characters with a clear message', async () => {
    for (const username of ['Al\u0000ice', 'Al\u200bice', '\u202eecilA']) {
      const reply = await signUp('nul@example.com', '10.0.0.3', { data: { username } });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ msg: 'Username must not contain control or invisible characters.' });
    }
  });

  it('refuses e-mails with invisible characters or mixed scripts, and folds look-alike forms into one account', async () => {
    expect((await signUp('alice@example.com', '10.0.0.4')).status).toBe(200);
    const hidden = await signUp('ali\u200bce@example.com', '10.0.0.4');
    expect([hidden.status, hidden.body.msg]).toEqual([400, 'Unable to validate email address: it contains control or invisible characters']);
    const cyrillic = await signUp('\u0430lice@example.com', '10.0.0.4');
    expect([cyrillic.status, cyrillic.body.msg]).toEqual([400, 'Unable to validate email address: it mixes letters of different scripts']);
    const fullwidth = await signUp('ａｌｉｃｅ@example.com', '10.0.0.4');
    expect([fullwidth.status, fullwidth.body.msg]).toEqual([422, 'User already registered']);
    expect((await signIn('ＡＬＩＣＥ@example.com', 'right-password', '10.0.0.4')).status).toBe(200);
  });

  it('a signed-out access token signs nobody in: 403 session_not_found at /auth/v1/user, no refresh, an anonymous socket', async () => {
    const signedUp = await signUp('leaver@example.com', '10.0.1.1');
    expect(signedUp.status).toBe(200);
    const { access_token: token, refresh_token: refreshToken } = signedUp.body as { access_token: string; refresh_token: string };
    const bearer = { apikey: server.keys.anonKey, Authorization: `Bearer ${token}` };
    const quickPlay = { username: 'Leaver', boardSize: 6, timeControl: 'untimed' };

    // Signed in, the token makes quick play rated.
    const before = await connectClient(server.url, { token });
    expect(await call(before, 'pool:join', quickPlay)).toMatchObject({ success: true, rated: true });
    before.disconnect();

    expect((await fetch(`${server.url}/auth/v1/logout`, { method: 'POST', headers: bearer })).status).toBe(204);

    const user = await fetch(`${server.url}/auth/v1/user`, { headers: bearer });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ code: 403, error_code: 'session_not_found', msg: 'Session from session_id claim in JWT does not exist' });
    const refreshed = await post('token?grant_type=refresh_token', { refresh_token: refreshToken }, '10.0.1.1');
    expect([refreshed.status, refreshed.body.error_code]).toEqual([400, 'refresh_token_not_found']);

    // The same token on a new socket: the player is anonymous, so nothing it plays is rated.
    const after = await connectClient(server.url, { token });
    expect(await call(after, 'pool:join', quickPlay)).toMatchObject({ success: true, rated: false });
    const created = await call<{ success: boolean; room: { players: { signedIn: boolean }[] } }>(after, 'room:create', { username: 'Leaver' });
    expect(created.success).toBe(true);
    expect(created.room.players.map((player) => player.signedIn)).toEqual([false]);
    after.disconnect();
  });

  it('logs a failure without the e-mail, the password, its hash or a token', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await test.db.exec('alter table local_auth.refresh_tokens rename to refresh_tokens_away');
    try {
      const reply = await signUp('secretive.person@example.com', '10.0.0.5', { password: 'my-secret-password' });
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({ code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure' });
      const lines = logged.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
      expect(lines).toContain('auth POST /auth/v1/signup failed');
      expect(lines).not.toContain('secretive.person');
      expect(lines).not.toContain('my-secret-password');
      expect(lines).not.toContain('$argon2');
    } finally {
      await test.db.exec('alter table local_auth.refresh_tokens_away rename to refresh_tokens');
      logged.mockRestore();
    }
  });
});
