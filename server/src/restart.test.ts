/**
 * The data survives a restart (issue 5, Done when): the real server, as `npm start` runs it, on a
 * fresh DATA_DIR; a sign-up and a score through supabase-js; SIGTERM; the server again on the same
 * folder; the same credentials sign in and the score is still there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createKeys } from './auth/keys';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SECRET = 'the restart test secret, long enough for HS256';
const STARTUP_MS = 40_000;

/** A loopback port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
}

/** Starts the server and resolves once it prints 'Cell Connection at http://localhost:PORT'. */
function startServer(port: number, dataDir: string): Promise<Running> {
  const child = spawn(TSX, ['server/src/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const ready = `Cell Connection at http://localhost:${port}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in ${STARTUP_MS} ms:\n${log}`));
    }, STARTUP_MS);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes(ready)) {
        clearTimeout(timer);
        resolve({ child, output: () => log });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${log}`));
    });
  });
}

/** SIGTERM, then waits for the process to exit; returns its exit code. */
function stopServer({ child }: Running): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the server did not exit within 15 s of SIGTERM'));
    }, 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

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

  it('keeps the account and the scores (PGlite in DATA_DIR)', { timeout: 60_000 }, async () => {
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
    const inserted = await before
      .from('game_scores')
      .insert({
        user_id: userId,
        username: 'Restarter',
        score: 567,
        opponent_score: 56,
        board_size: 6,
        scoring_mechanism: 'connection',
        game_duration: 42,
        opponent_type: 'ai',
        ai_difficulty: 'easy',
        game_id: 'restart-game',
      })
      .select()
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ user_id: userId, score: 567 });

    expect(await stopServer(first)).toBe(0);
    running.pop();

    // Second run on the same folder.
    const second = await startServer(port, dataDir);
    running.push(second);
    const after = client(url, anonKey);
    const signIn = await after.auth.signInWithPassword({ email, password });
    expect(signIn.error, second.output()).toBeNull();
    expect(signIn.data.user?.id).toBe(userId);

    const scores = await after.from('game_scores').select('user_id, username, score, opponent_score, ai_difficulty').eq('user_id', userId);
    expect(scores.error).toBeNull();
    expect(scores.data).toEqual([
      { user_id: userId, username: 'Restarter', score: 567, opponent_score: 56, ai_difficulty: 'easy' },
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
