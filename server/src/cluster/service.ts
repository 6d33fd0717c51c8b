/**
 * What nginx, redis-server and the game's node processes have in common as children of a test or
 * of `npm run cluster`: their output read line by line (kept as a short tail for error messages),
 * a wait until they are ready that fails at once with their output if they exit, and a stop that
 * cannot hang.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import type { Readable } from 'node:stream';

/** How much of a child's output an error message quotes: its last lines are what explain a failure. */
const TAIL_CHARS = 64 * 1024;

export interface Service {
  child: ChildProcess;
  /** The last 64 KiB of what it printed, stdout and stderr interleaved. */
  output(): string;
  /** Settles when the process has exited, however it ended. */
  exited: Promise<void>;
  /** Stop signals go to its whole process group, not to it alone. */
  group: boolean;
}

export interface SpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Each line it prints, as it comes (stdout and stderr alike). */
  log?: (line: string) => void;
  /**
   * Its own process group: a terminal's Ctrl-C then reaches only the parent, which stops its
   * children in its own order.
   */
  detached?: boolean;
  /**
   * Stop signals go to the whole group (default: when detached), e.g. nginx's workers with their
   * master; false for a process that stops its own children in order, as the game's nodes do.
   */
  signalGroup?: boolean;
}

export function spawnService(command: string, args: readonly string[], options: SpawnOptions = {}): Service {
  const { cwd, env, log, detached = true, signalGroup = detached } = options;
  const child = spawn(command, args, { cwd, env, detached, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (text: string) => {
    tail = (tail + text).slice(-TAIL_CHARS);
  };
  readLines(child.stdout!, keep, log);
  readLines(child.stderr!, keep, log);
  const exited = new Promise<void>((resolve) => {
    // 'close' rather than 'exit': by then the pipes are drained, so output() holds the last words.
    child.once('close', () => resolve());
    // But not for long: a process it started (a node's PGlite) may hold the pipes a while longer.
    child.once('exit', () => setTimeout(resolve, 500));
    // A command that cannot be started at all (ENOENT) emits 'error' and never 'exit'.
    child.once('error', (error) => {
      keep(`${error.message}\n`);
      resolve();
    });
  });
  return { child, output: () => tail, exited, group: signalGroup && detached };
}

function readLines(stream: Readable, keep: (text: string) => void, log?: (line: string) => void): void {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (text: string) => {
    keep(text);
    if (!log) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) log(line);
  });
  stream.on('end', () => {
    if (log && partial) log(partial);
  });
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Polls `ready` every 50 ms until it answers true. If the process exits first, or `timeoutMs`
 * passes (then it is killed), rejects with an error that quotes its output.
 */
export async function waitUntilReady(service: Service, name: string, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  let gone = false; // 'error' (a command that cannot start) sets no exit code
  void service.exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone || hasExited(service.child)) {
      // Whatever it started goes too, and its pipes drain.
      await stopService(service, 'SIGKILL');
      const how = service.child.signalCode ?? service.child.exitCode ?? 'could not start';
      throw new Error(`${name} exited (${how}) before it was ready:\n${service.output().trim()}`);
    }
    if (await ready()) return;
    if (Date.now() > deadline) {
      await stopService(service, 'SIGKILL');
      throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${service.output().trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Sends `signal` and waits for it to exit; after `timeoutMs`, SIGKILL. Resolves true when it
 * exited by itself, false when it had to be killed.
 */
export async function stopService(service: Service, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 10_000): Promise<boolean> {
  const { child } = service;
  if (child.pid === undefined) {
    await service.exited;
    return true;
  }
  // Sent even when the child itself has exited: what it started may still hold its group and pipes.
  const send = (sig: NodeJS.Signals) => {
    try {
      // A negative pid signals the process group: the child and anything it started.
      if (service.group) process.kill(-child.pid!, sig);
      else child.kill(sig);
    } catch {
      // Already gone.
    }
  };
  send(signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
  const killed = (await Promise.race([service.exited, late])) === 'late';
  if (killed) send('SIGKILL');
  clearTimeout(timer);
  await service.exited;
  return !killed;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
