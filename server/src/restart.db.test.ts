/**
 * The data survives a restart: the real server, as `npm start` runs it, on a
 * fresh DATA_DIR; a sign-up and a score through supabase-js; SIGTERM; the server again on the same
 * folder; the same credentials sign in and the score is still there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadEngine } from '../../src/engine/load';
import { createKeys } from './auth/keys';
import { freePort as findFreePort } from './db/postgres-cluster';
import { expertHuman, playAgainstComputer } from './scores/played-game.testkit';
import { startServerProcess, stopServerProcess, type RunningServer } from './server-process.testkit';

const SECRET = 'the restart test secret, long enough for HS256';

/** A loopback port nobody listens on right now. */
const freePort = findFreePort;

type Running = RunningServer;
const startServer = (port: number, dataDir: string) => startServerProcess(port, { DATA_DIR: dataDir, JWT_SECRET: SECRET });
const stopServer = (server: Running) => stopServerProcess(server);

function client(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // ws's constructor is what realtime-js expects in Node, but its types differ from the DOM's.
    realtime: { transport: WebSocket as never },
  });
}

describe('a server restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-restart-'));
  const running: Running[] = [];

  afterAll(async () => {
    for (const server of running) await stopServer(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Two server starts on a fresh embedded database: minutes on two busy cores.
  it('keeps the account and the scores (the embedded database in DATA_DIR)', { timeout: 240_000 }, async () => {
    const { anonKey } = await createKeys(SECRET);
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const email = `restart-${Date.now()}@example.com`;
    const password = 'restart-password';

    // First run: sign up and submit a score.
    const first = await startServer(port, dataDir);
    running.push(first);
    const before = client(url, anonKey);
    const signUp = await before.auth.signUp({ email, password, options: { data: { username: 'Restarter' } } });
    expect(signUp.error).toBeNull();
    const userId = signUp.data.user?.id;
    expect(userId).toBeTruthy();
    expect(signUp.data.session).not.toBeNull();
    // A game against Easy, played and submitted as the game page does.
    const { payload } = playAgainstComputer(await loadEngine(), {
      user: { id: userId!, username: 'Restarter' },
      settings: { aiDifficulty: 'easy' },
      gameId: Date.now(),
      human: expertHuman(),
    });
    // Scores go as decimal strings and are read back as text (numeric: every digit).
    const inserted = await before.from('game_scores').insert(payload).select('user_id, score::text').single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual({ user_id: userId, score: payload.score });

    expect(await stopServer(first)).toBe(0);
    running.pop();

    // Second run on the same folder.
    const second = await startServer(port, dataDir);
    running.push(second);
    const after = client(url, anonKey);
    const signIn = await after.auth.signInWithPassword({ email, password });
    expect(signIn.error, second.output()).toBeNull();
    expect(signIn.data.user?.id).toBe(userId);

    // The player reads their own score, whether the server has replayed it yet or not.
    const scores = await after.from('game_scores').select('user_id, username, score::text, opponent_score::text, ai_difficulty, record').eq('user_id', userId);
    expect(scores.error).toBeNull();
    expect(scores.data).toEqual([
      { user_id: userId, username: 'Restarter', score: payload.score, opponent_score: payload.opponent_score, ai_difficulty: 'easy', record: payload.record },
    ]);

    // The profile made at sign-up survived too.
    const profile = await after.from('profiles').select('username').eq('id', userId).single();
    expect(profile.error).toBeNull();
    expect(profile.data).toEqual({ username: 'Restarter' });

    // A wrong password is still refused: the account is the same one, not a fresh database.
    const wrong = await client(url, anonKey).auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
  });
});
