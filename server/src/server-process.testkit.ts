/**
 * The real server as `npm start` runs it, in a process of its own, for tests that restart or
 * kill it (restart.test.ts, rooms/chaos.test.ts). Started with `node --import tsx` (not the tsx
 * launcher, which would put a second process between the test and the server, so that SIGKILL
 * would miss the server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_MS = 90_000;

export interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the server on `port` and resolves once it prints 'Cell Connection at http://localhost:PORT'. */
export function startServerProcess(port: number, env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const ready = `Cell Connection at http://localhost:${port}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in ${STARTUP_MS} ms:\n${log}`));
    }, STARTUP_MS);
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${log}`));
    };
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes(ready)) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve({ child, url: `http://localhost:${port}`, output: () => log });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('exit', onExit);
  });
}

/** Sends `signal` and waits for the process to exit; resolves with its exit code. */
export function stopServerProcess({ child }: RunningServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit within 30 s of ${signal}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill(signal);
  });
}

