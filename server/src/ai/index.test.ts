/**
 * `npm run ai-server` as a real process: it loads the engine, prints its address, answers, and
 * stops cleanly on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('npm run ai-server', () => {
  it('prints its address, answers /health, and exits 0 on SIGTERM', async () => {
    const child = spawn('node_modules/.bin/tsx', ['server/src/ai/index.ts'], {
      cwd: root,
      env: { ...process.env, AI_PORT: '0', AI_HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('\n')) resolve(stdout.split('\n', 1)[0] ?? '');
        });
        void exited.then((code) => reject(new Error(`ai-server exited with ${code}: ${stderr}`)));
      });
      const match = /^AI server at http:\/\/localhost:(\d+)$/.exec(line);
      expect(match, line).not.toBeNull();
      const response = await fetch(`http://127.0.0.1:${match?.[1]}/health`);
      expect(await response.json()).toEqual({ status: 'ok' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 30_000);
});
