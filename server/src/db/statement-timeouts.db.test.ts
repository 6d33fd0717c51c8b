/**
 * Every statement of the data API is bounded, as on hosted Supabase (migration
 * 20261128000001_statement_timeouts.sql): a costly read sent without a user is cancelled after
 * 3 s with PostgreSQL's 57014 (query_canceled) instead of holding a connection of PostgREST's pool, while the
 * server's own role, which writes the rooms' log, has no time-out at all. PostgreSQL only: PGlite
 * has no timers to enforce one (there the embedded database's supervisor is the bound).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../backend.testkit';
import { postgresForTests, type TestDatabase } from './databases.testkit';

/**
 * Backreferences under nested counted repeats: PostgreSQL's regex compiler takes about 3 s over
 * each (a session keeps what it compiled, so each differs by its tail). Four of them, each true of
 * the profile (`not.match`) so that every one is compiled: about 12 s unbounded.
 */
const COSTLY_FILTERS = [1, 2, 3, 4].map((n) => `username=not.match.${encodeURIComponent(`([a-z]*){1,255}([a-z]*){1,255}\\1z${n}`)}`).join('&');

let database: TestDatabase;
let server: TestBackend;
beforeAll(async () => {
  database = await postgresForTests();
  server = await startTestBackend(database);
  // One profile, so that the pattern is compiled and run at all.
  await database.db.query(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ('slow@example.com', 'x', '{"username":"aaaaaaaaaa"}')`);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.stop();
});

describe('statement time-outs (PostgreSQL)', () => {
  it("are Supabase's: anon 3 s, authenticated 8 s, authenticator 8 s; the server's own role has none", async () => {
    const roles = await database.db.query<{ rolname: string; rolconfig: string[] | null }>(
      "select rolname, rolconfig from pg_roles where rolname in ('anon', 'authenticated', 'authenticator') order by rolname",
    );
    expect(roles).toEqual([
      { rolname: 'anon', rolconfig: ['statement_timeout=3s'] },
      { rolname: 'authenticated', rolconfig: ['statement_timeout=8s'] },
      { rolname: 'authenticator', rolconfig: ['statement_timeout=8s'] },
    ]);
    expect(await database.db.query('show statement_timeout')).toEqual([{ statement_timeout: '0' }]);
  });

  it('cancel a costly read sent without a user after 3 s, with 57014', { timeout: 60_000 }, async () => {
    const sent = Date.now();
    const answer = await fetch(`${server.url}/rest/v1/profiles?select=username&${COSTLY_FILTERS}`, { headers: { apikey: server.keys.anonKey } });
    const took = Date.now() - sent;
    const body = (await answer.json()) as { code: string };
    expect({ status: answer.status, code: body.code }).toEqual({ status: 500, code: '57014' });
    // anon's 3 s, not authenticator's 8 s (nor the 12 s the pattern takes unbounded).
    expect(took).toBeGreaterThanOrEqual(2_900);
    expect(took).toBeLessThan(7_500);
  });
});
