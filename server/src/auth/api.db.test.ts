/**
 * The auth API through supabase-js, the real client, on both real databases: sign-up with
 * its profile, sign-in, the user, refresh with rotation, sign-out (ending the session), and the
 * spec's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES, type TestDatabase } from '../db/databases.testkit';
import { startTestBackend, supabaseClient, type TestBackend } from '../backend.testkit';
import { hashToken } from './refresh-tokens';

describe.each(TEST_DATABASES)('the auth API through supabase-js on %s', (_name, open) => {
  let test: TestDatabase;
  let server: TestBackend;
  beforeAll(async () => {
    test = await open();
    server = await startTestBackend(test);
  });
  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    await test?.stop().catch(() => undefined);
  });

  const count = async (table: string) => (await test.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
  const profileName = async (id: string) =>
    (await test.db.query<{ username: string }>('select username from public.profiles where id = $1', [id]))[0]?.username;

  it('signs up an auto-confirmed user with a session and a profile named by the username', async () => {
    const supabase = supabaseClient(server);
    const { data, error } = await supabase.auth.signUp({
      email: 'Alice@Example.com',
      password: 'secret1',
      options: { data: { username: '  Alice  ' } },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: 'alice@example.com',
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { username: 'Alice' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.session?.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(await profileName(data.user!.id)).toBe('Alice');

    // The password as argon2id, the refresh token only as its SHA-256 hash.
    const [row] = await test.db.query<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [data.user!.id]);
    expect(row!.encrypted_password).toMatch(/^\$argon2id\$/);
    const tokens = await test.db.query<{ token_hash: string }>('select token_hash from local_auth.refresh_tokens where user_id = $1', [data.user!.id]);
    expect(tokens).toEqual([{ token_hash: hashToken(data.session!.refresh_token) }]);

    // The client holds the session: getUser answers with it.
    const { data: current } = await supabase.auth.getUser();
    expect(current.user?.id).toBe(data.user!.id);
  });

  it("names the profile by the e-mail's local part when the username is blank or missing", async () => {
    const supabase = supabaseClient(server);
    const blank = await supabase.auth.signUp({ email: 'bob.smith@example.com', password: 'secret1', options: { data: { username: '   ' } } });
    expect(blank.error).toBeNull();
    expect(blank.data.user?.user_metadata).toEqual({});
    expect(await profileName(blank.data.user!.id)).toBe('bob.smith');
    const none = await supabase.auth.signUp({ email: 'carol@example.com', password: 'secret1' });
    expect(await profileName(none.data.user!.id)).toBe('carol');
  });

  it('refuses a second sign-up with the same e-mail, in any case, storing nothing', async () => {
    const users = await count('auth.users');
    for (const email of ['alice@example.com', ' ALICE@example.com ']) {
      const { data, error } = await supabaseClient(server).auth.signUp({ email, password: 'another1' });
      expect(error?.message).toBe('User already registered');
      expect(error?.status).toBe(422);
      expect(data.session).toBeNull();
    }
    expect(await count('auth.users')).toBe(users);
  });

  it("refuses a short password and an invalid e-mail with the spec's messages, storing nothing", async () => {
    const users = await count('auth.users');
    const tokens = await count('local_auth.refresh_tokens');
    const supabase = supabaseClient(server);
    const short = await supabase.auth.signUp({ email: 'dave@example.com', password: '12345' });
    expect(short.error?.message).toBe('Password should be at least 6 characters.');
    expect(short.error?.code).toBe('weak_password');
    for (const email of ['', 'not-an-email', 'a@b', 'two@@example.com', 'space d@example.com']) {
      const invalid = await supabase.auth.signUp({ email, password: 'secret1' });
      expect(invalid.error?.message).toBe('Unable to validate email address: invalid format');
      expect(invalid.error?.status).toBe(400);
    }
    expect(await count('auth.users')).toBe(users);
    expect(await count('local_auth.refresh_tokens')).toBe(tokens);
    expect(await count("public.profiles where username = 'dave'")).toBe(0);
  });

  it('signs in with the password, and getUser returns the user', async () => {
    const supabase = supabaseClient(server);
    const { data, error } = await supabase.auth.signInWithPassword({ email: 'ALICE@example.com', password: 'secret1' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.user_metadata).toEqual({ username: 'Alice' });
    const { data: current, error: userError } = await supabase.auth.getUser();
    expect(userError).toBeNull();
    expect(current.user).toMatchObject({ email: 'alice@example.com', user_metadata: { username: 'Alice' } });
  });

  it("answers a wrong password or an unknown e-mail with 'Invalid login credentials'", async () => {
    const supabase = supabaseClient(server);
    for (const [email, password] of [
      ['carol@example.com', 'wrong-password'],
      ['nobody@example.com', 'secret1'],
    ] as const) {
      const { data, error } = await supabase.auth.signInWithPassword({ email, password });
      expect(error?.message).toBe('Invalid login credentials');
      expect(error?.status).toBe(400);
      expect(data.session).toBeNull();
    }
  });

  it('refreshes the session, rotating the refresh token: the old one is refused afterwards', async () => {
    const supabase = supabaseClient(server);
    const { data: signedIn } = await supabase.auth.signInWithPassword({ email: 'carol@example.com', password: 'secret1' });
    const first = signedIn.session!;
    const { data: refreshed, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(refreshed.session?.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.user?.email).toBe('carol@example.com');
    expect((await supabase.auth.getUser()).data.user?.email).toBe('carol@example.com');

    const old = await supabaseClient(server).auth.refreshSession({ refresh_token: first.refresh_token });
    expect(old.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
    expect(old.data.session).toBeNull();
    // Reuse of a rotated token means it leaked: the whole family is revoked, the newest token too.
    const newest = await supabaseClient(server).auth.refreshSession({ refresh_token: refreshed.session!.refresh_token });
    expect(newest.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it("signs out, revoking the user's refresh tokens", async () => {
    const supabase = supabaseClient(server);
    const { data } = await supabase.auth.signInWithPassword({ email: 'bob.smith@example.com', password: 'secret1' });
    const other = await supabaseClient(server).auth.signInWithPassword({ email: 'bob.smith@example.com', password: 'secret1' });
    expect((await supabase.auth.signOut()).error).toBeNull();
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    for (const token of [data.session!.refresh_token, other.data.session!.refresh_token]) {
      const { error } = await supabaseClient(server).auth.refreshSession({ refresh_token: token });
      expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
    }
    // Another user's sessions are untouched.
    const alice = await supabaseClient(server).auth.signInWithPassword({ email: 'alice@example.com', password: 'secret1' });
    expect((await supabaseClient(server).auth.refreshSession({ refresh_token: alice.data.session!.refresh_token })).error).toBeNull();
  });

  it("ends the session on sign-out: the old access token is refused as GoTrue refuses it, and a second sign-out still clears the client", async () => {
    const supabase = supabaseClient(server);
    const { data } = await supabase.auth.signInWithPassword({ email: 'carol@example.com', password: 'secret1' });
    const old = data.session!.access_token;
    // Another browser of the same account, holding the same session's tokens (a copied session).
    const copy = supabaseClient(server);
    await copy.auth.setSession({ access_token: old, refresh_token: data.session!.refresh_token });
    expect((await supabase.auth.signOut()).error).toBeNull();
    const { data: after, error } = await supabaseClient(server).auth.getUser(old);
    expect(after.user).toBeNull();
    // supabase-js knows GoTrue's session_not_found answer and reports it as the session gone.
    expect(error?.name).toBe('AuthSessionMissingError');
    // supabase-js takes that answer as "signed out already": the copy signs out without an error.
    expect((await copy.auth.signOut()).error).toBeNull();
    expect((await copy.auth.getSession()).data.session).toBeNull();
  });

  it('refuses a made-up refresh token', async () => {
    const { error } = await supabaseClient(server).auth.refreshSession({ refresh_token: 'made-up-token' });
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });
});
