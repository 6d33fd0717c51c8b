/**
 * Test harness: the real HTTP server with the game server attached on port 0, the real
 * engine, a migrated PGlite, and real socket.io clients.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { loadEngine } from '../../../src/engine/load';
import { createKeys, type Keys } from '../auth/keys';
import type { Database } from '../db/database';
import { pgliteForTests, type TestDatabase } from '../db/testing';
import { attachGameServer, type AttachedGameServer } from './index';
import type { GameServerOptions } from './game-server';

export const SECRET = 'rooms-test-secret-rooms-test-secret';

export interface Harness {
  url: string;
  db: Database;
  keys: Keys;
  games: AttachedGameServer;
  /** A connected client; `before` runs before it connects (to listen for events sent on connection). */
  client(auth?: Record<string, string>, before?: (socket: Socket) => void): Promise<Socket>;
  close(): Promise<void>;
}

export async function startHarness(options: Omit<GameServerOptions, 'engine' | 'db'> = {}, shared?: TestDatabase): Promise<Harness> {
  const test = shared ?? (await pgliteForTests());
  const keys = await createKeys(SECRET);
  const http = createServer((_req, res) => res.writeHead(404).end());
  const games = attachGameServer(http, { engine: await loadEngine(), db: test.db, keys, countdownTickMs: 5, ...options });
  await games.restore();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  return {
    url,
    db: test.db,
    keys,
    games,
    async client(auth = {}, before) {
      const socket = connect(url, { transports: ['websocket'], auth, reconnection: false, forceNew: true, autoConnect: false });
      sockets.push(socket);
      before?.(socket);
      socket.connect();
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await games.close();
      if (!shared) await test.stop();
    },
  };
}

/**
 * How long an answer or an event may take before a test fails. Only a failing test waits this
 * long; it is generous because each answer waits for a commit to the database, which takes
 * seconds on a machine whose cores are busy with other work.
 */
const ANSWER_MS = 10_000;

/** Emits with an acknowledgement and resolves with it. */
export function call<T = Record<string, unknown>>(socket: Socket, event: string, payload?: unknown): Promise<T> {
  return payload === undefined
    ? (socket.timeout(ANSWER_MS).emitWithAck(event) as Promise<T>)
    : (socket.timeout(ANSWER_MS).emitWithAck(event, payload) as Promise<T>);
}

/** The next `event` on `socket`. */
export function next<T = Record<string, unknown>>(socket: Socket, event: string, ms = ANSWER_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Every `event` on `socket` from now on. */
export function record<T = Record<string, unknown>>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
