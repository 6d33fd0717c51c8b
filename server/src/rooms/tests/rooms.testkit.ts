/**
 * Test harness: the real HTTP server with the game server attached on port 0, the real
 * engine, a migrated PGlite, and real socket.io clients.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { loadEngine } from '../../../../src/engine/load';
import { createKeys, type Keys } from '../../auth/keys';
import type { Database } from '../../db/database';
import { pgliteForTests, type TestDatabase } from '../../db/databases.testkit';
import { attachGameServer, type AttachedGameServer } from '../index';
import type { GameServerOptions } from '../edge/game-server';

export const SECRET = 'rooms-test-secret-rooms-test-secret';

/** The harness's countdown tick, unless a test sets its own: a countdown of 3 ticks takes 15 ms. */
export const COUNTDOWN_TICK_MS = 5;

export interface Harness {
  url: string;
  db: Database;
  keys: Keys;
  games: AttachedGameServer;
  /** A connected client; `before` runs before it connects (to listen for events sent on connection). */
  client(auth?: Record<string, string>, before?: (socket: Socket) => void): Promise<Socket>;
  close(): Promise<void>;
}

/** `nodeId` names the node among several sharing `shared`'s database. */
export async function startHarness(options: Omit<GameServerOptions, 'engine' | 'db'> & { nodeId?: string } = {}, shared?: TestDatabase): Promise<Harness> {
  const test = shared ?? (await pgliteForTests());
  const keys = await createKeys(SECRET);
  const http = createServer((_req, res) => res.writeHead(404).end());
  const games = attachGameServer(http, { engine: await loadEngine(), db: test.db, keys, countdownTickMs: COUNTDOWN_TICK_MS, ...options });
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
      const socket = await connectClient(url, auth, before);
      sockets.push(socket);
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
 * A real socket.io client of the server at `url` (WebSocket only unless `transports` says, no
 * reconnection of its own); `before` runs before it connects, to listen for events sent on connection.
 */
export async function connectClient(
  url: string,
  auth: Record<string, string> = {},
  before?: (socket: Socket) => void,
  transports: ('websocket' | 'polling')[] = ['websocket'],
): Promise<Socket> {
  const socket = connect(url, { transports, auth, reconnection: false, forceNew: true, autoConnect: false });
  before?.(socket);
  socket.connect();
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  } catch (error) {
    socket.disconnect();
    throw error;
  }
  return socket;
}

/** An account made through the server's /auth/v1 (JWT signed with `secret`); its access token. */
export async function signUp(url: string, secret: string, email: string, username: string): Promise<string> {
  const { anonKey } = await createKeys(secret);
  const reply = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'test-password-123', data: { username } }),
  });
  if (reply.status !== 200) throw new Error(`sign-up of ${email}: HTTP ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { access_token: string }).access_token;
}

/**
 * A whole 6×6 game in turn order: player 0 takes columns 0, 2 and 5 (6×6×6 = 216), player 1
 * columns 1, 3 and 4 (6 × 12 = 72).
 */
export function columnsPlan(): { row: number; col: number }[] {
  const column = (c: number) => Array.from({ length: 6 }, (_, row) => ({ row, col: c }));
  const a = [0, 2, 5].flatMap(column);
  const b = [1, 3, 4].flatMap(column);
  return a.flatMap((m, i) => [m, b[i]!]);
}

/**
 * How long an answer or an event may take before a test fails. Only a failing test waits this
 * long; it is generous because each answer waits for a commit to the database, which takes
 * seconds on a machine whose cores are busy with other work (and, across nodes, a takeover).
 */
const ANSWER_MS = 30_000;

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

/** The host makes a room, the guest joins, both say Ready and the host starts: resolves with the room's code once the game has started. */
export async function startGame(host: Socket, guest: Socket, names: readonly [string, string] = ['Host', 'Guest']): Promise<string> {
  const created = await call<{ success: boolean; error?: string; room: { code: string } }>(host, 'room:create', { username: names[0] });
  if (!created.success) throw new Error(`room:create failed: ${created.error}`);
  const joined = await call<{ success: boolean; error?: string }>(guest, 'room:join', { code: created.room.code, username: names[1] });
  if (!joined.success) throw new Error(`room:join failed: ${joined.error}`);
  await call(host, 'room:setReady', { ready: true });
  await call(guest, 'room:setReady', { ready: true });
  const started = next(guest, 'game:started');
  await call(host, 'game:start', {});
  await started;
  return created.room.code;
}

/** What `room:create` and `room:join` answer. */
export type Entered = { room: { code: string; settings: { mirrorRule?: boolean } }; playerId: string; rejoinToken: string };

/** Alice hosts, Bob joins; the host's `settings` before both say Ready; the game starts. */
export async function gameOf(h: Harness, settings?: Record<string, unknown>) {
  const host = await h.client();
  const guest = await h.client();
  const created = await call<Entered>(host, 'room:create', { username: 'Alice' });
  const joined = await call<Entered>(guest, 'room:join', { code: created.room.code, username: 'Bob' });
  if (settings) {
    const updated = await call<{ success: boolean }>(host, 'room:updateSettings', settings);
    if (!updated.success) throw new Error(`room:updateSettings ${JSON.stringify(settings)} was refused`);
  }
  await call(host, 'room:setReady', { ready: true });
  await call(guest, 'room:setReady', { ready: true });
  const started = next(guest, 'game:started');
  await call(host, 'game:start', {});
  await started;
  return { host, guest, code: created.room.code, created, joined };
}
