/**
 * Keeps PostgREST running beside the node server: starts it, waits until it answers, and when it
 * exits restarts it with back-off (0.5 s doubling to 30 s). While it is down the proxy answers 503
 * with Retry-After (`retryAfterSeconds`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgrestBinary, postgrestEnv, type PostgrestSettings } from './config';

const WRAPPER = fileURLToPath(new URL('./run-postgrest.sh', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
/** Up this long after a restart, the back-off starts again from its first step. */
const STABLE_MS = 60_000;

export interface Postgrest {
  socketPath: string;
  /** True while PostgREST runs and has answered. */
  isUp(): boolean;
  /** Seconds until the next restart attempt, for Retry-After. */
  retryAfterSeconds(): number;
  /** The pid of the PostgREST process itself (tests kill it). */
  pid(): number | undefined;
  /** Resolves when it answers again (tests). */
  whenUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface SupervisorOptions extends Omit<PostgrestSettings, 'socketPath'> {
  log?: (line: string) => void;
}

export async function startPostgrest({ log = (line) => console.error(line), ...settings }: SupervisorOptions): Promise<Postgrest> {
  const socketDir = mkdtempSync(join(tmpdir(), 'cc-postgrest-'));
  const socketPath = join(socketDir, 'postgrest.sock');
  const env = { ...postgrestEnv({ ...settings, socketPath }), PATH: process.env.PATH ?? '/usr/bin:/bin' };
  const binary = postgrestBinary();

  let child: ChildProcess | undefined;
  let postgrestPid: number | undefined;
  let up = false;
  let stopping = false;
  let failures = 0;
  let nextStartAt = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];

  const markUp = () => {
    up = true;
    const upSince = Date.now();
    setTimeout(() => {
      if (up && Date.now() - upSince >= STABLE_MS) failures = 0;
    }, STABLE_MS).unref();
    for (const resolve of waiters.splice(0)) resolve();
  };

  const launch = (): Promise<void> => {
    rmSync(socketPath, { force: true });
    // Its own process group, so stop() can end the wrapper, PostgREST and the watcher together.
    const process_ = spawn(WRAPPER, [binary], { env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    child = process_;
    let output = '';
    process_.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      const match = /postgrest pid (\d+)/.exec(text);
      if (match) postgrestPid = Number(match[1]);
      else output = (output + text).slice(-2000);
    });
    process_.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
    process_.stdin!.on('error', () => undefined); // the pipe breaks when the wrapper is gone
    process_.once('exit', (code, signal) => {
      up = false;
      postgrestPid = undefined;
      if (stopping) return;
      const wait = Math.min(30_000, 500 * 2 ** failures++);
      nextStartAt = Date.now() + wait;
      const last = output.trim().split('\n').at(-1) ?? '';
      log(`data API: PostgREST exited (${code ?? signal})${last ? `: ${last}` : ''}; restarting in ${wait} ms`);
      restartTimer = setTimeout(() => void launch().catch(() => undefined), wait);
    });
    return waitUntilAnswering(socketPath, process_).then(markUp);
  };

  await launch().catch((error: Error) => {
    stopping = true;
    if (restartTimer) clearTimeout(restartTimer);
    kill(child);
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  });

  return {
    socketPath,
    isUp: () => up,
    retryAfterSeconds: () => Math.max(1, Math.ceil((nextStartAt - Date.now()) / 1000)),
    pid: () => postgrestPid,
    whenUp: () => (up ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      waiters = [];
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
        running.stdin!.end(); // the wrapper stops PostgREST and exits
        const forced = setTimeout(() => kill(running), 5_000);
        await exited;
        clearTimeout(forced);
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

function kill(child: ChildProcess | undefined): void {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Polls the socket until PostgREST answers anything below 500. The path names no table: the
 * answer (404) needs the schema cache, which PostgREST answers 503 for until it has loaded it.
 */
async function waitUntilAnswering(socketPath: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (let wait = 20; ; wait = Math.min(wait * 2, 250)) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('PostgREST exited while starting');
    if ((await probe(socketPath)) < 500) return;
    if (Date.now() > deadline) throw new Error(`PostgREST did not answer within ${READY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

function probe(socketPath: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/no_such_table_ready_probe', method: 'HEAD', timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 599);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(599));
    req.end();
  });
}
