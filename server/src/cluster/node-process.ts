/**
 * One game node, the real server as `npm start` runs it, in a process of its own: for
 * `npm run cluster` and for tests that restart or kill it (server-process.testkit.ts). Started
 * with `node --import tsx` (not the tsx launcher, which would put a second process between us and
 * the server, so that SIGKILL would miss the server).
 */
import { fileURLToPath } from 'node:url';
import { hasExited, spawnService, stopService, type Service } from './service';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const STARTUP_MS = 90_000;
const STOP_MS = 30_000;

export interface NodeProcessOptions {
  port: number;
  /** Its environment on top of ours; DATABASE_URL is cleared unless given here. */
  env: Record<string, string>;
  /** Each line it prints, as it comes. */
  log?: (line: string) => void;
  /** Its own process group, so that a terminal's Ctrl-C reaches only us and we stop it in order. */
  detached?: boolean;
  /** node's own flags, e.g. `--max-semi-space-size=32` as `npm run serve` has. */
  nodeFlags?: readonly string[];
}

export interface NodeProcess extends Service {
  url: string;
}

/** The line index.ts prints once it listens. */
export const readyLine = (port: number) => `Cell Connection at http://localhost:${port}`;

/** Starts the server on `port` and resolves once it prints 'Cell Connection at http://localhost:PORT'. */
export function startNodeProcess({ port, env, log, detached = false, nodeFlags = [] }: NodeProcessOptions): Promise<NodeProcess> {
  let ready = false;
  let markReady = () => {};
  const seen = new Promise<void>((resolve) => (markReady = resolve));
  const service: Service = spawnService(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/src/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env, PORT: String(port) },
    detached,
    // A node stops its own PostgREST and PGlite in order: signals are for it alone.
    signalGroup: false,
    log: (line) => {
      if (!ready && line.includes(readyLine(port))) {
        ready = true;
        markReady();
      }
      log?.(line);
    },
  });
  const node: NodeProcess = { ...service, url: `http://localhost:${port}` };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      service.child.kill('SIGKILL');
      reject(new Error(`the server did not start in ${STARTUP_MS} ms:\n${service.output()}`));
    }, STARTUP_MS);
    void seen.then(() => {
      clearTimeout(timer);
      resolve(node);
    });
    void service.exited.then(() => {
      if (ready) return;
      clearTimeout(timer);
      const how = service.child.exitCode ?? service.child.signalCode ?? 'could not start';
      reject(new Error(`the server exited (${how}) before it was ready:\n${service.output()}`));
    });
  });
}

/** Sends `signal` and waits for the process to exit; resolves with its exit code. SIGKILL and an error after 30 s. */
export async function stopNodeProcess(node: NodeProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (hasExited(node.child)) return node.child.exitCode;
  if (!(await stopService(node, signal, STOP_MS))) throw new Error(`the server did not exit within ${STOP_MS / 1000} s of ${signal}`);
  return node.child.exitCode;
}
