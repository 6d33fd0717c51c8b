/**
 * Sessions on both real databases: the upgrade that gives browsers signed in before sessions
 * existed a session of their own, and the game server's view of a token (signed in or anonymous).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/migrate';
import { TEST_DATABASES, type TestDatabase } from '../db/databases.testkit';
import { createKeys } from './keys';
import { hashToken, issueRefreshToken, rotateRefreshToken } from './refresh-tokens';
import { endSessions, signedInUser, startSession } from './sessions';

const MIGRATION = readFileSync(join(MIGRATIONS_DIR, '20261128000003_auth_sessions.sql'), 'utf8');
const DAY = 24 * 3600 * 1000;

describe.each(TEST_DATABASES)('sessions on %s', (_name, open) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
  });
  afterAll(async () => {
    await test?.stop().catch(() => undefined);
  });

  const newUser = async (email: string) =>
    (await test.db.query<{ id: string }>("insert into auth.users (email, encrypted_password) values ($1, 'x') returning id", [email]))[0]!.id;

  it('gives each refresh-token family with a live token a session at the upgrade, and drops the families that had ended', async () => {
    const userId = await newUser('upgraded@example.com');
    // As the tables were before sessions: families are bare ids.
    await test.db.exec('alter table local_auth.refresh_tokens drop constraint refresh_tokens_session');
    const now = Date.now();
    const legacy = [
      { token: 'live-token', family: '00000000-0000-4000-8000-00000000000a', revoked: false, expires: now + DAY },
      { token: 'rotated-token', family: '00000000-0000-4000-8000-00000000000a', revoked: true, expires: now + DAY },
      { token: 'signed-out-token', family: '00000000-0000-4000-8000-00000000000b', revoked: true, expires: now + DAY },
      { token: 'expired-token', family: '00000000-0000-4000-8000-00000000000c', revoked: false, expires: now - DAY },
    ];
    for (const t of legacy) {
      await test.db.query(
        `insert into local_auth.refresh_tokens (token_hash, user_id, family, revoked, created_at, expires_at)
         values ($1, $2, $3, $4, now(), $5::timestamptz)`,
        [hashToken(t.token), userId, t.family, t.revoked, new Date(t.expires).toISOString()],
      );
    }
    await test.db.exec(MIGRATION);

    const sessions = await test.db.query<{ id: string }>('select id from local_auth.sessions where user_id = $1', [userId]);
    expect(sessions.map((s) => s.id)).toEqual([legacy[0]!.family]);
    const kept = await test.db.query<{ token_hash: string }>('select token_hash from local_auth.refresh_tokens where user_id = $1 order by id', [userId]);
    expect(kept.map((t) => t.token_hash)).toEqual([hashToken('live-token'), hashToken('rotated-token')]);
    // The browser refreshes as before, now in its session.
    expect(await rotateRefreshToken(test.db, 'live-token', new Date())).toMatchObject({ userId, sessionId: legacy[0]!.family });
    // And its sign-out ends that session with its tokens (the foreign key is back).
    await endSessions(test.db, userId, undefined, 'global', new Date());
    expect(await test.db.query('select 1 from local_auth.refresh_tokens where user_id = $1', [userId])).toEqual([]);
    await expect(issueRefreshToken(test.db, { userId, sessionId: legacy[0]!.family }, new Date())).rejects.toThrow();
  });

  it("counts a socket's token as signed in only while its session lasts; a token from before sessions on its signature", async () => {
    const keys = await createKeys('a test secret that is long enough for HS256 ok');
    const userId = await newUser('socket@example.com');
    const user = { id: userId, email: 'socket@example.com' };
    const sessionId = await startSession(test.db, userId, new Date());
    await issueRefreshToken(test.db, { userId, sessionId }, new Date());
    const { token } = await keys.accessToken(user, new Date(), sessionId);
    const { token: legacy } = await keys.accessToken(user);
    const { token: madeUp } = await keys.accessToken(user, new Date(), '00000000-0000-4000-8000-0000000000ff');
    const { token: garbled } = await keys.accessToken(user, new Date(), 'not-a-uuid');

    expect(await signedInUser(keys, test.db, token)).toBe(userId);
    expect(await signedInUser(keys, test.db, legacy)).toBe(userId);
    expect(await signedInUser(keys, test.db, madeUp)).toBeUndefined();
    expect(await signedInUser(keys, test.db, garbled)).toBeUndefined();
    expect(await signedInUser(keys, test.db, keys.anonKey)).toBeUndefined();
    expect(await signedInUser(keys, test.db, 'garbage')).toBeUndefined();

    await endSessions(test.db, userId, sessionId, 'local', new Date());
    expect(await signedInUser(keys, test.db, token)).toBeUndefined();
  });
});
