/**
 * A lobby username as an attacker sends it, over real sockets to a game server on PGlite. A NUL
 * cannot be stored by PostgreSQL: a room created under such a name once made its log entry fail
 * for ever, and every command queued behind it, so every game on the node froze. It is refused at
 * the edge now, with a clear error, and the node goes on serving everyone else. So is any
 * character that does not show, as in account usernames: `alice` with a zero-width space would
 * sit beside `alice` as someone else, and a name of Hangul fillers shows as nobody.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../../src/protocol';
import { call, startHarness, type Harness } from '../rooms/tests/rooms.testkit';

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
}, 120_000);
afterEach(() => harness?.close());

describe('lobby usernames from a hostile client', () => {
  it('a NUL, a control character or half a surrogate pair is refused with a clear error, and other players go on creating rooms', async () => {
    const attacker = await harness.client();
    for (const username of ['A\u0000B', 'bell\u0007', 'half\ud800']) {
      expect(await call(attacker, 'room:create', { username })).toEqual({ success: false, error: SERVER_ERRORS.usernameUnprintable });
      expect(await call(attacker, 'pool:join', { username, boardSize: 6, timeControl: 'untimed' })).toMatchObject({ success: false, error: SERVER_ERRORS.usernameUnprintable });
    }
    const host = await harness.client();
    const created = await call<{ success: boolean; room: { code: string } }>(host, 'room:create', { username: 'Ann' });
    expect(created.success).toBe(true);
    expect(await call(attacker, 'room:join', { code: created.room.code, username: 'Bob\u0000' })).toEqual({ success: false, error: SERVER_ERRORS.usernameUnprintable });
    expect(await call(attacker, 'room:join', { code: created.room.code, username: 'Bob' })).toMatchObject({ success: true });
    // Both entries above are in the room's log: the database took them.
    const logged = await harness.db.query<{ n: string }>('select count(*) as n from game_server.room_log');
    expect(Number(logged[0]!.n)).toBeGreaterThanOrEqual(2);
  });

  it('a name with an invisible character cannot sit beside the name it looks like, and a name of invisible characters is no name', async () => {
    const host = await harness.client();
    const created = await call<{ success: boolean; room: { code: string } }>(host, 'room:create', { username: 'alice' });
    expect(created.success).toBe(true);
    const attacker = await harness.client();
    const pool = (username: string) => call(attacker, 'pool:join', { username, boardSize: 6, timeControl: 'untimed' });
    const join = (username: string) => call(attacker, 'room:join', { code: created.room.code, username });
    for (const username of ['alice\u200b', 'ali\u200dce', '\u202eecila']) {
      expect(await join(username)).toEqual({ success: false, error: SERVER_ERRORS.usernameUnprintable });
      expect(await call(attacker, 'room:create', { username })).toEqual({ success: false, error: SERVER_ERRORS.usernameUnprintable });
      expect(await pool(username)).toEqual({ success: false, error: SERVER_ERRORS.usernameUnprintable });
    }
    for (const username of ['\u3164', '\u3164\u3164 \u200b']) {
      expect(await join(username)).toEqual({ success: false, error: SERVER_ERRORS.usernameRequired });
      expect(await call(attacker, 'room:create', { username })).toEqual({ success: false, error: SERVER_ERRORS.usernameRequired });
      expect(await pool(username)).toEqual({ success: false, error: SERVER_ERRORS.usernameRequired });
    }
    // Emoji joined by ZWJ are one picture, and a name.
    const joined = await join('👩\u200d💻');
    expect(joined).toMatchObject({ success: true });
    expect((joined as { room: { players: { username: string }[] } }).room.players.map((p) => p.username)).toEqual(['alice', '👩\u200d💻']);
    const coder = await harness.client();
    expect(await call(coder, 'pool:join', { username: '🧑\u200d💻', boardSize: 6, timeControl: 'untimed' })).toMatchObject({ success: true });
  });
});
