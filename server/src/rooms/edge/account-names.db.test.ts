// A signed-in player is who they are online: over real sockets, on a migrated PGlite, a socket
// signed in as an account sits down under the account's username whatever name its page sends
// (a tampered client cannot show the account's rating under another name), in a room it creates,
// one it joins, an open game and quick play. An anonymous player keeps the name they typed.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listed, watchLobby } from '../open-games/open-games.testkit';
import { call, next, startHarness, type Harness } from '../tests/rooms.testkit';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ lobbyRefreshMs: 100 });
});
afterAll(() => h.close());

type Room = { code: string; players: { username: string; signedIn: boolean }[] };
type Entered = { success: boolean; error?: string; room: Room };
type Started = { gameState: { seats: { username: string }[] } };

let accounts = 0;
/** A signed-in player's access token: an account in auth.users under `username`, rated `rating`. */
async function account(username: string, rating = 1200): Promise<string> {
  accounts += 1;
  const email = `${username.toLowerCase()}-${accounts}-${Date.now()}@example.com`;
  const [row] = await h.db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`, [email, JSON.stringify({ username })]);
  await h.db.query(`update public.profiles set elo_rating = $2 where id = $1`, [row!.id, rating]);
  return (await h.keys.accessToken({ id: row!.id, email })).token;
}

const names = (room: Room) => room.players.map((p) => p.username);

describe('a signed-in player plays under their username', () => {
  it('creates a room under the account username, whatever name the page sent', async () => {
    const host = await h.client({ token: await account('Feel8745') });
    const created = await call<Entered>(host, 'room:create', { username: 'HostFeel' });
    expect(created).toMatchObject({ success: true });
    expect(names(created.room)).toEqual(['Feel8745']);
    expect(created.room.players[0]!.signedIn).toBe(true);
  });

  it('joins a room under the account username; the host sees that name, an anonymous guest keeps theirs', async () => {
    const host = await h.client();
    const created = await call<Entered>(host, 'room:create', { username: 'Anna' });
    expect(names(created.room)).toEqual(['Anna']);
    const guest = await h.client({ token: await account('Rowan') });
    const joinedForHost = next<{ room: Room }>(host, 'room:playerJoined');
    const joined = await call<Entered>(guest, 'room:join', { code: created.room.code, username: 'Impostor' });
    expect(joined).toMatchObject({ success: true });
    expect(names(joined.room)).toEqual(['Anna', 'Rowan']);
    expect(names((await joinedForHost).room)).toEqual(['Anna', 'Rowan']);
  });

  it('an open game lists the host under the account username with its rating', async () => {
    const watcher = await watchLobby(await h.client());
    const host = await h.client({ token: await account('Marlow', 1337) });
    const { room } = await call<Entered>(host, 'room:create', { username: 'SomeoneElse' });
    expect(await call(host, 'room:updateSettings', { visibility: 'public' })).toMatchObject({ success: true });
    const games = await watcher.until(listed(room.code), 'the public room');
    expect(games.find((g) => g.code === room.code)).toMatchObject({ host: 'Marlow', hostRating: 1337 });
  });

  it('a name from before the 20-character limit sits down cut to 20 characters, as the lobby shows it', async () => {
    const token = await account('Longname');
    const legacyName = 'a_legacy_name_of_25_chars';
    await h.db.transaction(async (tx) => {
      await tx.exec('alter table public.profiles drop constraint profiles_username_length');
      await tx.query(`update public.profiles set username = $1 where username = 'Longname'`, [legacyName]);
      await tx.exec('alter table public.profiles add constraint profiles_username_length check (char_length(username) between 1 and 20) not valid');
    });
    const host = await h.client({ token });
    const created = await call<Entered>(host, 'room:create', { username: 'Other' });
    expect(names(created.room)).toEqual([legacyName.slice(0, 20)]);
  });

  it('quick play pairs two accounts under their usernames, not the names their pages sent', async () => {
    const [ann, ben] = await Promise.all([h.client({ token: await account('Annika') }), h.client({ token: await account('Benedikt') })]);
    const pairs = [next<{ rejoinToken: string }>(ann, 'pool:paired'), next<{ rejoinToken: string }>(ben, 'pool:paired')];
    const settings = { boardSize: 8, timeControl: '3+2' };
    expect(await call(ann, 'pool:join', { username: 'Fake1', ...settings })).toMatchObject({ success: true, rated: true });
    expect(await call(ben, 'pool:join', { username: 'Fake2', ...settings })).toMatchObject({ success: true, rated: true });
    const [a, b] = await Promise.all(pairs);
    const started = next<Started>(ann, 'game:started');
    await comeIn(ann, a!.rejoinToken);
    await comeIn(ben, b!.rejoinToken);
    expect((await started).gameState.seats.map((s) => s.username).sort()).toEqual(['Annika', 'Benedikt']);
  });
});

const comeIn = (socket: Socket, rejoinToken: string) => call<Entered>(socket, 'room:rejoin', { rejoinToken });
