/**
 * A throwaway redis-server from Debian's package, for `npm run cluster -- --adapter redis` and
 * tests: on 127.0.0.1, nothing saved (the socket.io adapter only passes messages through it), its
 * working folder a fresh temporary one that `stop()` removes.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../db/postgres-cluster';
import { spawnService, stopService, waitUntilReady } from './service';

export const REDIS_SERVER = '/usr/bin/redis-server';
const STARTUP_MS = 15_000;

export interface RedisOptions {
  /** Default: a free port. */
  port?: number;
  /** Each line redis-server prints (warnings only); by default they are kept only for error messages. */
  log?: (line: string) => void;
}

export interface RunningRedis {
  /** redis://127.0.0.1:PORT, for REDIS_URL. */
  url: string;
  port: number;
  /** Its process, for measuring what it costs (bench:rooms --nodes). */
  pid: number | undefined;
  /** SIGTERM, SIGKILL after 10 s; then its folder is removed. */
  stop(): Promise<void>;
}

/**
 * Whether redis answers PING on 127.0.0.1:`port`: a raw inline command and its `+PONG` reply, so
 * no client library is needed. A server still loading answers `-LOADING`, which counts as no.
 */
export function pingRedis(port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

export async function startRedis({ port, log }: RedisOptions = {}): Promise<RunningRedis> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`Debian's redis-server is not installed (${REDIS_SERVER}): run scripts/setup (apt-get install redis-server)`);
  const chosen = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'cc-redis-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    // Else the readiness check below would take the other server's PONG for ours.
    if (await pingRedis(chosen)) throw new Error(`redis: port ${chosen} on 127.0.0.1 is taken by another redis: choose another`);
    const args = ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--loglevel', 'warning'];
    const redis = spawnService(REDIS_SERVER, args, { cwd: dir, log });
    await waitUntilReady(redis, `redis-server on port ${chosen}`, () => pingRedis(chosen), STARTUP_MS);
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= stopService(redis, 'SIGTERM').then(removeDir, (error: unknown) => {
        removeDir();
        throw error;
      }));
    return { url: `redis://127.0.0.1:${chosen}`, port: chosen, pid: redis.child.pid, stop };
  } catch (error) {
    removeDir();
    throw error;
  }
}
