/**
 * The client's auth and score services (src/services/auth.ts, scores.ts) through supabase-js
 * against the real server (/auth/v1, and /rest/v1 through PostgREST) on PGlite, plus a server that never answers
 * for the profile-name time-out.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pgliteForTests, type TestDatabase } from '../server/src/db/databases.testkit';
import { startTestBackend, type TestBackend } from '../server/src/backend.testkit';
import { fetchProfileName, signIn, signOut, signUp } from '../src/services/auth';
import { submitScore } from '../src/services/scores';
import { loadEngine } from '../src/engine/load';
import { fetchAiHighScores } from '../src/services/leaderboard';
import { expertHuman, playAgainstComputer } from '../server/src/scores/played-game.testkit';

async function listen(handler: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

let database: TestDatabase;
let backend: TestBackend;

const client = (base = backend.url): SupabaseClient =>
  createClient(base, backend.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

beforeAll(async () => {
  database = await pgliteForTests();
  backend = await startTestBackend(database);
});

afterAll(async () => {
  await backend?.stop().catch(() => undefined);
  await database?.stop().catch(() => undefined);
});

const unique = (name: string) => `${name}${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;

describe('auth service', () => {
  it('signs up with a username, which the profile name then reads', async () => {
    const supabase = client();
    const email = unique('ann');
    await signUp(email, 'secret12', '  Annie ', supabase);
    const { data } = await supabase.auth.getUser();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata.username).toBe('Annie');
    expect(await fetchProfileName(data.user?.id ?? '', email, { client: supabase })).toBe('Annie');
  });

  it("a blank username is left out: the profile takes the e-mail's local part", async () => {
    const supabase = client();
    const email = unique('bob');
    await signUp(email, 'secret12', '   ', supabase);
    const { data } = await supabase.auth.getUser();
    expect(data.user?.user_metadata.username).toBeUndefined();
    // Profile names are 20 characters at most (the lobby's limit): a long local part is cut.
    expect(await fetchProfileName(data.user?.id ?? '', email, { client: supabase })).toBe(email.split('@')[0]!.slice(0, 20));
  });

  it("signs in and out; a wrong password throws the service's message", async () => {
    const supabase = client();
    const email = unique('cat');
    await signUp(email, 'secret12', undefined, client());
    await expect(signIn(email, 'wrong-password', supabase)).rejects.toThrow('Invalid login credentials');
    await signIn(email, 'secret12', supabase);
    expect((await supabase.auth.getSession()).data.session?.user.email).toBe(email);
    await signOut(supabase);
    expect((await supabase.auth.getSession()).data.session).toBeNull();
  });

  it('sign-up errors are thrown (a short password, an e-mail taken)', async () => {
    const email = unique('dan');
    await expect(signUp(email, '123', undefined, client())).rejects.toThrow(/password/i);
    await signUp(email, 'secret12', undefined, client());
    await expect(signUp(email, 'secret12', undefined, client())).rejects.toThrow();
  });
});

describe('profile name fallbacks', () => {
  it("an unknown user gets the e-mail's local part", async () => {
    expect(await fetchProfileName('00000000-0000-4000-8000-000000000000', 'zed@example.com', { client: client() })).toBe('zed');
  });

  it('a failing read falls back and logs', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await fetchProfileName('not-a-uuid', 'eve@example.com', { client: client() })).toBe('eve');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('gives up after the time-out when the server never answers', async () => {
    const hanging = await listen(() => {}); // never responds
    try {
      const started = Date.now();
      const name = await fetchProfileName('00000000-0000-4000-8000-000000000000', 'slow@example.com', {
        client: client(hanging.url),
        timeoutMs: 200,
      });
      expect(name).toBe('slow');
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await close(hanging.server);
    }
  });
});

describe('score submission service', () => {
  let games = 1_795_390_000_000;
  /** A game against Hard played as the game page plays it, and the score the page submits. */
  const payload = async (userId: string) =>
    playAgainstComputer(await loadEngine(), { user: { id: userId, username: 'Fay' }, settings: { aiDifficulty: 'hard' }, gameId: games++, human: expertHuman() })
      .payload;

  it("inserts a signed-in player's score, which High Scores shows once the server has replayed its game", { timeout: 60_000 }, async () => {
    const supabase = client();
    await signUp(unique('fay'), 'secret12', 'Fay', supabase);
    const id = (await supabase.auth.getUser()).data.user?.id ?? '';
    const sent = await payload(id);
    expect(await submitScore(sent, supabase)).toBe(true);
    const { score, opponent_score, ...rest } = sent;
    const { data } = await supabase.from('game_scores').select('*').eq('user_id', id);
    expect(data).toEqual([expect.objectContaining({ ...rest, id: expect.any(Number) })]);
    // The scores are sent and read back as decimal strings, every digit.
    const exact = await supabase.from('game_scores').select('score::text, opponent_score::text').eq('user_id', id);
    expect(exact.data).toEqual([{ score, opponent_score }]);
    await vi.waitFor(
      async () => expect((await fetchAiHighScores(client(), { boardSize: 6 })).filter((row) => row.username === 'Fay')).toHaveLength(1),
      { timeout: 30_000, interval: 200 },
    );
  });

  it('failures are only logged: signed out, or a score for someone else', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const supabase = client();
    await signUp(unique('gus'), 'secret12', 'Gus', supabase);
    const other = client();
    await signUp(unique('hal'), 'secret12', 'Hal', other);
    const otherId = (await other.auth.getUser()).data.user?.id ?? '';
    expect(await submitScore(await payload(otherId), supabase)).toBe(false);
    expect(await submitScore(await payload(otherId), client())).toBe(false);
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
    const { data } = await client().from('game_scores').select('id').eq('user_id', otherId);
    expect(data).toEqual([]);
  });
});
