/**
 * The real server as `npm start` runs it, in a process of its own, for tests that restart or
 * kill it (restart.db.test.ts, rooms/tests/chaos.db.test.ts, e2e/server-restart.spec.ts). The same code starts
 * the nodes of `npm run cluster` (cluster/node-process.ts).
 */
import { startNodeProcess, stopNodeProcess, type NodeProcess } from './cluster/node-process';

export type RunningServer = NodeProcess;

/** Starts the server on `port` and resolves once it prints 'Cell Connection at http://localhost:PORT'. */
export function startServerProcess(port: number, env: Record<string, string>): Promise<RunningServer> {
  return startNodeProcess({ port, env });
}

/** Sends `signal` and waits for the process to exit; resolves with its exit code. */
export const stopServerProcess = (server: RunningServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> => stopNodeProcess(server, signal);
