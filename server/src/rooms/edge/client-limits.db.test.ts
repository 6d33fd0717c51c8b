// Limits per client address, as an attacker meets them over real sockets on one node, on PGlite and
// on PostgreSQL (the counts are in the database): more connections than allowed from one address
// are refused while another address connects; all of an address's sockets share one event budget;
// guessing room codes ends in 'Too many requests' (and costs no database lookup any more) while a
// real join from elsewhere works; one address cannot hold more than its share of the lobby's public
// rooms, nor one account; a quick-play player who never enters the paired room is kept out of the
// pool, and the one who came is back in it at once, with their waiting time.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMIT_ERRORS } from '../../../../src/protocol';
import { TEST_DATABASES, type TestDatabase } from '../../db/databases.testkit';
import { SimulatedClock } from '../core/room-clock';
import { startNode, type TestNode } from './client-limits.testkit';
import { CODE_ALPHABET } from '../nodes/new-rooms';
import { listed, watchLobby } from '../open-games/open-games.testkit';
import { ARRIVAL_MS, NO_SHOW_BAR_MS } from '../quick-play/pairing';
import { call, next } from '../tests/rooms.testkit';

type Ack = { success: boolean; error?: string; room?: { code: string; quickPlay?: boolean }; rejoinToken?: string };
type Paired = { code: string; rejoinToken: string };

const LIMITS = { socketsPerAddress: 5, eventsPerAddressPerSecond: 30, codeMissesPerMinute: 5, publicRoomsPerAddress: 3, publicRoomsPerAccount: 2 };
/** Addresses from the documentation ranges (RFC 5737, RFC 3849). */
const ATTACKER = '203.0.113.66';
const SCHOOL = '198.51.100.20';
/** A room code nobody holds: the i-th guess. */
const guess = (i: number) => `ZZZZ${CODE_ALPHABET[Math.floor(i / 32) % 32]}${CODE_ALPHABET[i % 32]}`;

describe.each(TEST_DATABASES)('limits per client address, one node on %s', (_name, open) => {
  let test: TestDatabase;
  let node: TestNode;
  // The rooms' clock (the pool's waits and deadlines), and the events' (held still in each test, so that a burst falls in one second).
  const clock = new SimulatedClock(Date.parse('2026-11-28T09:00:00Z'));
  let eventsAt = 0;

  beforeAll(async () => {
    test = await open();
    node = await startNode(test.db, { limits: { ...LIMITS, now: () => eventsAt }, clock });
  }, 120_000);

  beforeEach(() => {
    eventsAt += 1000;
  });

  afterAll(async () => {
    await node?.close();
    await test?.stop();
  });

  it('refuses more connections than allowed from one address; another address still connects', async () => {
    const attacker: Socket[] = [];
    for (let i = 0; i < LIMITS.socketsPerAddress; i++) attacker.push(await node.client(ATTACKER));
    expect(await node.refused(ATTACKER)).toBe(LIMIT_ERRORS.tooManyConnections);
    // An IPv6 client's whole /64 is one address.
    for (let i = 1; i <= LIMITS.socketsPerAddress; i++) await node.client(`2001:db8:1:2::${i}`);
    expect(await node.refused('2001:db8:1:2:abcd::1')).toBe(LIMIT_ERRORS.tooManyConnections);
    const other = await node.client(SCHOOL);
    expect(other.connected).toBe(true);
    other.disconnect();
    // One closed makes room for one more.
    attacker.pop()!.disconnect();
    await expect.poll(() => node.games.limits.sockets.here(ATTACKER), { timeout: 10_000 }).toBe(LIMITS.socketsPerAddress - 1);
    attacker.push(await node.client(ATTACKER));
    for (const socket of attacker) socket.disconnect();
    await expect.poll(() => node.games.limits.sockets.here(ATTACKER), { timeout: 10_000 }).toBe(0);
  });

  it("shares one event budget among all of an address's sockets, each within its own", async () => {
    const [a, b, elsewhere] = await Promise.all([node.client(ATTACKER), node.client(ATTACKER), node.client(SCHOOL)]);
    const burst = (socket: Socket) => Array.from({ length: 20 }, () => call<Ack>(socket, 'pool:leave'));
    const acks = await Promise.all([...burst(a!), ...burst(b!)]);
    expect(acks.filter((ack) => ack.success).length).toBe(LIMITS.eventsPerAddressPerSecond);
    expect(acks.filter((ack) => ack.error === 'Too many requests').length).toBe(40 - LIMITS.eventsPerAddressPerSecond);
    expect((await Promise.all(burst(elsewhere!))).every((ack) => ack.success)).toBe(true);
    for (const socket of [a, b, elsewhere]) socket!.disconnect();
  });

  it("guessing room codes ends in 'Too many requests', then costs no lookup; a real join from elsewhere works", async () => {
    const host = await node.client('192.0.2.10');
    const created = await call<Ack>(host, 'room:create', { username: 'Hana' });
    const guesser = await node.client(ATTACKER);
    const lookups = vi.spyOn(test.db, 'query');
    const leaseReads = () => lookups.mock.calls.filter(([sql]) => String(sql).includes('room_leases')).length;
    for (let i = 0; i < LIMITS.codeMissesPerMinute; i++) {
      const event = i % 2 ? 'room:watch' : 'room:join';
      expect(await call<Ack>(guesser, event, { code: guess(i), username: 'Guess' })).toEqual({ success: false, error: 'Room not found' });
    }
    const over = await call<Ack>(guesser, 'room:join', { code: guess(99), username: 'Guess' });
    expect(over.error).toMatch(/^Too many requests: try again in (\d|[1-5]\d|60) s$/);
    expect(leaseReads()).toBeGreaterThanOrEqual(LIMITS.codeMissesPerMinute);
    // From now on a guess of this address, from any of its sockets, is answered without a lookup.
    lookups.mockClear();
    const another = await node.client(ATTACKER);
    for (const [i, socket] of [guesser, another, guesser].entries()) {
      expect((await call<Ack>(socket, i === 1 ? 'room:watch' : 'room:join', { code: guess(50 + i), username: 'Guess' })).error).toMatch(/^Too many requests/);
    }
    expect(leaseReads()).toBe(0);
    lookups.mockRestore();
    const player = await node.client('192.0.2.11');
    expect(await call<Ack>(player, 'room:join', { code: created.room!.code, username: 'Sam' })).toMatchObject({ success: true, room: { code: created.room!.code } });
    for (const socket of [host, guesser, another, player]) socket.disconnect();
  });

  it('one address cannot hold more than its share of the public rooms, however fast it asks; another still lists', async () => {
    const watcher = await watchLobby(await node.client('192.0.2.30'));
    const hosts = await Promise.all(Array.from({ length: 4 }, () => node.client(ATTACKER)));
    const rooms = await Promise.all(hosts.map((host, i) => call<Ack>(host, 'room:create', { username: `Spam${i}` })));
    const answers = await Promise.all(hosts.map((host) => call<Ack>(host, 'room:updateSettings', { visibility: 'public' })));
    expect(answers.filter((a) => a.success).length).toBe(LIMITS.publicRoomsPerAddress);
    expect(answers.filter((a) => !a.success).map((a) => a.error)).toEqual(['Your network already has 3 public rooms: make one of them private first']);
    const madePublic = rooms.filter((_, i) => answers[i]!.success).map((r) => r.room!.code);
    await watcher.until((games) => madePublic.every((c) => listed(c)(games)), 'the three public rooms');
    const refusedHost = hosts[answers.findIndex((a) => !a.success)]!;
    // Another address lists its room.
    const other = await node.client('192.0.2.31');
    const otherRoom = await call<Ack>(other, 'room:create', { username: 'Olga' });
    expect(await call<Ack>(other, 'room:updateSettings', { visibility: 'public' })).toMatchObject({ success: true });
    await watcher.until(listed(otherRoom.room!.code), "the other address's room");
    // A room made private, or gone, gives its place back.
    const first = hosts[answers.findIndex((a) => a.success)]!;
    expect(await call<Ack>(first, 'room:updateSettings', { visibility: 'private' })).toMatchObject({ success: true });
    expect(await call<Ack>(refusedHost, 'room:updateSettings', { visibility: 'public' })).toMatchObject({ success: true });
    expect((await call<Ack>(first, 'room:updateSettings', { visibility: 'public' })).success).toBe(false);
    const second = hosts.filter((h) => h !== first && h !== refusedHost)[0]!;
    expect(await call<Ack>(second, 'room:leave')).toEqual({ success: true });
    expect(await call<Ack>(first, 'room:updateSettings', { visibility: 'public' })).toMatchObject({ success: true });
    for (const socket of [...hosts, other, watcher.socket]) socket.disconnect();
  });

  it('one signed-in account cannot list more than its share from any number of addresses', async () => {
    const email = `lister-${Date.now()}@example.com`;
    const [user] = await test.db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', '{"username":"lister"}') returning id`, [
      email,
    ]);
    const { token } = await node.keys.accessToken({ id: user!.id, email });
    const hosts = await Promise.all(['192.0.2.41', '192.0.2.42', '192.0.2.43'].map((address) => node.client(address, { token })));
    const answers: Ack[] = [];
    for (const host of hosts) {
      await call<Ack>(host, 'room:create', { username: 'Lister' });
      answers.push(await call<Ack>(host, 'room:updateSettings', { visibility: 'public' }));
    }
    expect(answers.map((a) => a.success)).toEqual([true, true, false]);
    expect(answers[2]!.error).toBe('You already have 2 public rooms: make one of them private first');
    for (const socket of hosts) socket.disconnect();
  });

  it('a quick-play player who never enters the paired room is kept out of the pool; the one who came is paired again at once', async () => {
    const settings = { boardSize: 8, timeControl: '5+3' } as const;
    const enter = (socket: Socket, username: string) => call<Ack>(socket, 'pool:join', { username, ...settings });
    const alice = await node.client(SCHOOL);
    const ghost = await node.client(ATTACKER);
    const waitedSince = clock.now();
    expect(await enter(alice, 'Alice')).toMatchObject({ success: true });
    clock.advance(30_000);
    const paired = [next<Paired>(alice, 'pool:paired'), next<Paired>(ghost, 'pool:paired')];
    expect(await enter(ghost, 'Ghost')).toMatchObject({ success: true });
    const [forAlice] = await Promise.all(paired);
    expect(await call<Ack>(alice, 'room:rejoin', { rejoinToken: forAlice!.rejoinToken })).toMatchObject({ success: true, room: { quickPlay: true } });

    // The ghost never comes. At the arrival deadline it is taken out of the room.
    const left = next<{ playerId: string; room: { quickPlay: boolean; players: unknown[] } }>(alice, 'room:playerLeft');
    clock.advance(ARRIVAL_MS - 1);
    await node.games.game.quickPlay.sweep();
    clock.advance(1);
    await node.games.game.quickPlay.sweep();
    expect((await left).room).toMatchObject({ quickPlay: false, players: [expect.objectContaining({ username: 'Alice' })] });

    // The ghost cannot play online again for two minutes, from that tab.
    expect(await enter(ghost, 'Ghost')).toEqual({ success: false, error: 'You did not join your last game: you can play online again in 120 s' });
    // Alice's page plays online again at once: back in the pool with the time she has waited.
    expect(await call<Ack>(alice, 'room:leave')).toEqual({ success: true });
    expect(await enter(alice, 'Alice')).toMatchObject({ success: true });
    expect(await test.db.query(`select since_ms::float8 as since from game_server.quick_play_pool where username = 'Alice'`)).toEqual([{ since: waitedSince }]);
    const carol = await node.client('192.0.2.50');
    const again = [next<Paired>(alice, 'pool:paired'), next<Paired>(carol, 'pool:paired')];
    expect(await enter(carol, 'Carol')).toMatchObject({ success: true });
    const [a, c] = await Promise.all(again);
    expect(a!.code).toBe(c!.code);

    // A new tab of the ghost's address may play (a class shares it), until its third no-show in ten minutes.
    for (let i = 2; i <= 3; i++) {
      const tab = await node.client(ATTACKER);
      const partner = await node.client(`192.0.2.${60 + i}`);
      const both = [next<Paired>(tab, 'pool:paired'), next<Paired>(partner, 'pool:paired')];
      expect(await enter(tab, `Ghost${i}`)).toMatchObject({ success: true });
      expect(await enter(partner, `Partner${i}`)).toMatchObject({ success: true });
      await Promise.all(both);
      clock.advance(ARRIVAL_MS);
      await node.games.game.quickPlay.sweep();
    }
    const lastTab = await node.client(ATTACKER);
    expect(await enter(lastTab, 'Ghost4')).toEqual({ success: false, error: 'You did not join your last game: you can play online again in 120 s' });
    clock.advance(NO_SHOW_BAR_MS);
    expect(await enter(lastTab, 'Ghost4')).toMatchObject({ success: true });
    expect(await enter(ghost, 'Ghost')).toMatchObject({ success: true });
    for (const socket of [alice, ghost, carol, lastTab]) socket.disconnect();
  });
});
