/**
 * A lobby username as an attacker sends it, over real sockets to a game server on PGlite. A NUL
 * cannot be stored by PostgreSQL: a room created under such a name once made its log entry fail
 * for ever, and every command queued behind it, so every game on the node froze. It is refused at
 * the edge now, with a clear error, and the node goes on serving everyone else.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../../src/protocol';
import { call, startHarness, type Harness } from '../rooms/test-helpers';

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
});
