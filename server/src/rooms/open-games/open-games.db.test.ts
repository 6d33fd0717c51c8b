// Open games over real sockets: a public room waiting for an opponent is listed in the
// lobby of every client that subscribed, live, and leaves the list when it fills, goes private or
// is gone; a private room never shows. The list shows only what a stranger may see.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../../../src/engine/load';
import { createKeys } from '../../auth/keys';
import { attachGameServer } from '../index';
import { listed, unlisted, watchLobby } from './open-games.testkit';
import { SECRET, call, connectClient, next, startHarness, type Harness } from '../tests/rooms.testkit';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ lobbyRefreshMs: 100 });
});
afterAll(() => h.close());

type Entered = { success: boolean; error?: string; room: { code: string; status: string }; playerId: string; rejoinToken: string };

/** A host's room, made public. */
async function publicRoom(username = 'Alice', auth: Record<string, string> = {}) {
  const host = await h.client(auth);
  const created = await call<Entered>(host, 'room:create', { username });
  expect(await call(host, 'room:updateSettings', { visibility: 'public' })).toMatchObject({ success: true, room: { settings: { visibility: 'public' } } });
  return { host, code: created.room.code, rejoinToken: created.rejoinToken };
}

describe('open games', () => {
  it('lists a public room with its settings, and nothing a stranger should not see; a private room never', async () => {
    const watcher = await watchLobby(await h.client());
    const secret = await call<Entered>(await h.client(), 'room:create', { username: 'Hidden' });
    const { host, code } = await publicRoom('Alice');
    expect(await call(host, 'room:updateSettings', { boardSize: 8, rated: false, timeControl: '3+2' })).toMatchObject({ success: true });
    const games = await watcher.until((list) => list.some((g) => g.code === code && g.boardSize === 8), 'the public room on 8x8');
    expect(games.find((g) => g.code === code)).toEqual({ code, host: 'Alice', hostRating: null, boardSize: 8, scoringMechanism: 'connection', rated: false, timeControl: '3+2', mirrorRule: true });
    expect(unlisted(secret.room.code)(games)).toBe(true);
  });

  it('a room leaves the list when made private and comes back when made public again', async () => {
    const watcher = await watchLobby(await h.client());
    const { host, code } = await publicRoom();
    await watcher.until(listed(code), 'the public room');
    expect(await call(host, 'room:updateSettings', { visibility: 'private' })).toMatchObject({ success: true });
    await watcher.until(unlisted(code), 'the room gone private');
    expect(await call(host, 'room:updateSettings', { visibility: 'public' })).toMatchObject({ success: true });
    await watcher.until(listed(code), 'the room public again');
  });

  it('joins from the list; a full room leaves it, and a click a moment too late is told so', async () => {
    const watcher = await watchLobby(await h.client());
    const { code } = await publicRoom('Alice');
    const games = await watcher.until(listed(code), 'the public room');
    const game = games.find((g) => g.code === code)!;
    const guest = await h.client();
    expect(await call<Entered>(guest, 'room:join', { code: game.code, username: 'Bob' })).toMatchObject({ success: true, room: { code } });
    await watcher.until(unlisted(code), 'the full room gone from the list');
    expect(await call(watcher.socket, 'room:join', { code, username: 'Carol' })).toEqual({ success: false, error: 'Room is full' });
    // The guest leaves before the game: the room waits for an opponent again.
    expect(await call(guest, 'room:leave')).toEqual({ success: true });
    await watcher.until(listed(code), 'the room open again');
  });

  it('making a room public or private keeps the guest’s Ready: it changes who may find the room, not the game', async () => {
    const { host, code } = await publicRoom('Gus');
    const guest = await h.client();
    await call(guest, 'room:join', { code, username: 'Hal' });
    await call(guest, 'room:setReady', { ready: true });
    const updated = next<{ settings: { visibility: string }; room: { players: { ready: boolean }[] } }>(guest, 'room:settingsUpdated');
    expect(await call(host, 'room:updateSettings', { visibility: 'private' })).toMatchObject({ success: true });
    const { settings, room } = await updated;
    expect(settings.visibility).toBe('private');
    expect(room.players.map((p) => p.ready)).toEqual([false, true]);
    expect(await call(guest, 'room:updateSettings', { visibility: 'public' })).toEqual({ success: false, error: 'Only the host can do that' });
  });

  it('a started game is not listed again; a room whose host left is gone from the list', async () => {
    const watcher = await watchLobby(await h.client());
    const { host, code } = await publicRoom('Alice');
    const guest = await h.client();
    await call(guest, 'room:join', { code, username: 'Bob' });
    await call(host, 'room:setReady', { ready: true });
    await call(guest, 'room:setReady', { ready: true });
    const started = next(host, 'game:started');
    expect(await call(host, 'game:start')).toEqual({ success: true });
    await started;
    expect(await call(host, 'room:updateSettings', { visibility: 'private' })).toEqual({ success: false, error: 'Game already started' });
    // The guest forfeits by leaving: the game is over, the room is no open game.
    await call(guest, 'room:leave');
    const other = await publicRoom('Dora');
    await watcher.until(listed(other.code), 'a room opened later');
    expect(unlisted(code)(watcher.latest!)).toBe(true);
    expect(await call(other.host, 'room:leave')).toEqual({ success: true });
    await watcher.until(unlisted(other.code), 'the room its host left');
  });

  it('a room whose host is away is not listed until the host is back', async () => {
    const watcher = await watchLobby(await h.client());
    const { host, code, rejoinToken } = await publicRoom('Alice');
    await watcher.until(listed(code), 'the public room');
    host.disconnect();
    await watcher.until(unlisted(code), 'the room of a host who dropped');
    let back: Promise<Entered> | undefined;
    await h.client({ rejoinToken }, (socket) => (back = next<Entered>(socket, 'room:rejoined')));
    expect(await back).toMatchObject({ room: { code } });
    await watcher.until(listed(code), 'the room of the host who came back');
  });

  it('shows a signed-in host’s rating', async () => {
    const [row] = await h.db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`, [
      'rated-host@example.com',
      JSON.stringify({ username: 'Rated' }),
    ]);
    const { token } = await h.keys.accessToken({ id: row!.id, email: 'rated-host@example.com' });
    const watcher = await watchLobby(await h.client());
    const { code } = await publicRoom('Rated', { token });
    const games = await watcher.until(listed(code), 'the signed-in host’s room');
    expect(games.find((g) => g.code === code)?.hostRating).toBe(1200);
  });

  it('unsubscribing stops the list; subscribing is parsed and rate-limited like any event', async () => {
    const watcher = await watchLobby(await h.client());
    expect(await call(watcher.socket, 'lobby:unsubscribe')).toEqual({ success: true });
    let after = 0;
    watcher.socket.on('lobby:openGames', () => (after += 1));
    const { code } = await publicRoom('Erin');
    const other = await watchLobby(await h.client());
    // The list is sent to the whole lobby at once: the other socket has it, this one never will.
    await other.until(listed(code), 'the new room');
    expect(after).toBe(0);
    expect(await call(watcher.socket, 'lobby:subscribe', { please: true })).toMatchObject({ success: false, error: expect.stringContaining('nothing or {}') });
  });

  it('one read of the list per refresh serves every lobby client of the node', async () => {
    const db = h.db as { query: typeof h.db.query };
    const query = db.query;
    let reads = 0;
    db.query = function (this: unknown, sql: string, params?: readonly unknown[]) {
      if (sql.includes('l.listing is not null')) reads += 1;
      return query.call(this, sql, params);
    } as typeof h.db.query;
    try {
      const since = Date.now();
      // One after the other: a node that read the list for each new subscriber would read it 12 times here.
      const watchers = [];
      for (let i = 0; i < 12; i++) watchers.push(await watchLobby(await h.client()));
      const { code } = await publicRoom('Fay');
      await Promise.all(watchers.map((w) => w.until(listed(code), 'the room, on every client')));
      // The refresh is 100 ms here: about one read per 100 ms whatever the number of clients.
      expect(reads).toBeLessThanOrEqual(Math.ceil((Date.now() - since) / 100) + 2);
    } finally {
      db.query = query;
    }
  });

  it('refuses a flood of subscriptions beyond the socket’s event budget (20 a second)', async () => {
    const socket = await h.client();
    const answers = await Promise.all(Array.from({ length: 40 }, () => call<{ success: boolean; error?: string }>(socket, 'lobby:subscribe')));
    expect(answers.filter((a) => !a.success).map((a) => a.error)).toContain('Too many requests');
  });
});

describe('open games without a database', () => {
  it('lists a public room from memory and takes it off when the room is gone', async () => {
    const http = createServer((_req, res) => res.writeHead(404).end());
    const games = attachGameServer(http, { engine: await loadEngine(), keys: await createKeys(SECRET), lobbyRefreshMs: 100 });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const [watching, host] = await Promise.all([connectClient(url), connectClient(url)]);
    try {
      const watcher = await watchLobby(watching);
      const created = await call<Entered>(host, 'room:create', { username: 'Ivy' });
      await call(host, 'room:updateSettings', { visibility: 'public' });
      await watcher.until(listed(created.room.code), 'the public room');
      await call(host, 'room:leave');
      await watcher.until(unlisted(created.room.code), 'the room gone');
    } finally {
      watching.disconnect();
      host.disconnect();
      await games.close();
    }
  });
});
