/**
 * /rest/v1 on both real databases: bad input and attacks, CORS, and other paths,
 * through supabase-js and raw HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeys } from '../auth/keys';
import { TEST_DATABASES } from '../db/testing';
import { client, restFixture, score } from './test-fixture';

describe.each(TEST_DATABASES)('/rest/v1 on %s', (_name, open) => {
  const fixture = restFixture(open);
  let { url, keys, alice, bob, aliceToken, anon, asAlice } = fixture;
  const { count, raw } = fixture;
  beforeAll(() => {
    ({ url, keys, alice, bob, aliceToken, anon, asAlice } = fixture);
  });

  describe('bad input and attacks', () => {
    const attack = "x'; drop table public.game_scores; --";

    it('treats a SQL-looking filter value as a string that matches nothing and changes nothing', async () => {
      const before = await count('public.game_scores');
      const eq = await anon.from('game_scores').select('*').eq('username', attack);
      expect([eq.data, eq.error]).toEqual([[], null]);
      const inList = await anon.from('profiles').select('id').in('username', [attack, "Robert'); drop table profiles;--", 'a,b']);
      expect([inList.data, inList.error]).toEqual([[], null]);
      // supabase-js does not escape a double quote inside a quoted list item: the list no longer parses.
      const broken = await anon.from('profiles').select('id').in('username', ['Robert"); drop table profiles;--']);
      expect([broken.status, broken.error?.code]).toEqual([400, 'PGRST100']);
      const or = await anon.from('game_scores').select('id').or(`username.eq."${attack}",username.eq."') or 1=1 --"`);
      expect([or.data, or.error]).toEqual([[], null]);
      const res = await raw(`game_scores?username=eq.${encodeURIComponent(attack)}&score=gt.0`);
      expect([res.status, await res.json()]).toEqual([200, []]);
      expect(await count('public.game_scores')).toBe(before);
    });

    it('refuses SQL in identifiers as unknown names', async () => {
      for (const path of ['game_scores?select=id;drop table profiles', 'game_scores?order=score;drop table profiles', 'game_scores?"score"=eq.1']) {
        const res = await raw(path);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe('42703');
      }
      const table = await raw(`${encodeURIComponent('profiles; drop table profiles')}`);
      expect(table.status).toBe(404);
      expect(await count('public.profiles')).toBe(3);
    });

    it('names an unknown table, column or operator', async () => {
      const table = await anon.from('users').select('*');
      expect(table.status).toBe(404);
      expect(table.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.users' in the schema cache" });
      const column = await anon.from('profiles').select('id, password');
      expect(column.status).toBe(400);
      expect(column.error).toMatchObject({ code: '42703', message: 'column profiles.password does not exist' });
      const filter = await anon.from('profiles').select('id').eq('email', 'a@b.c');
      expect(filter.error?.message).toBe('column profiles.email does not exist');
      const order = await anon.from('profiles').select('id').order('secret');
      expect(order.error?.message).toBe('column profiles.secret does not exist');
      const res = await raw('profiles?username=regex.a');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'PGRST100', details: 'unknown operator "regex"', hint: null, message: 'failed to parse filter (username=regex.a)' });
    });

    it('refuses forged, expired and malformed tokens', async () => {
      const forger = await createKeys('another-secret-entirely-not-the-servers');
      const forged = (await forger.accessToken({ id: bob, email: 'bob@example.com' })).token;
      const viaClient = await client(url, keys.anonKey, forged).from('game_scores').insert(score(bob)).select().single();
      expect(viaClient.status).toBe(401);
      expect(viaClient.error).toMatchObject({ code: 'PGRST301', message: 'JWT invalid' });

      const expired = (await keys.accessToken({ id: alice, email: 'alice@example.com' }, new Date(Date.now() - 2 * 3600_000))).token;
      const late = await client(url, keys.anonKey, expired).from('profiles').select('id');
      expect(late.status).toBe(401);
      expect(late.error).toMatchObject({ code: 'PGRST301', message: 'JWT expired' });

      const garbage = await raw('profiles', { token: 'not.a.jwt' });
      expect(garbage.status).toBe(401);
      expect(((await garbage.json()) as { message: string }).message).toBe('JWT invalid');
      const basic = await raw('profiles', { headers: { Authorization: 'Basic YWxpY2U6eA==' } });
      expect(basic.status).toBe(401);
    });

    it('refuses a missing or forged API key', async () => {
      const forger = await createKeys('another-secret-entirely-not-the-servers');
      const { error, status } = await client(url, forger.anonKey).from('profiles').select('id');
      expect(status).toBe(401);
      expect(error?.message).toBe('Invalid API key');
      const missing = await fetch(`${url}/rest/v1/profiles`);
      expect(missing.status).toBe(401);
      expect(((await missing.json()) as { message: string }).message).toBe('No API key found in request');
    });

    it('refuses an oversized body with 413 and bad JSON with 400, writing nothing', async () => {
      const before = await count('public.game_scores');
      const big = JSON.stringify([score(alice, { username: 'x'.repeat(50) })].concat(Array.from({ length: 6000 }, () => score(alice, { username: 'y'.repeat(50) }))));
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const res = await raw('game_scores', { method: 'POST', token: aliceToken, headers: { 'Content-Type': 'application/json' }, body: big });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { code: string }).code).toBe('PGRST413');
      const viaClient = await asAlice.from('game_scores').insert(JSON.parse(big) as object[]);
      expect([viaClient.status, viaClient.error?.message]).toEqual([413, 'Payload Too Large']);
      const bad = await raw('game_scores', { method: 'POST', token: aliceToken, headers: { 'Content-Type': 'application/json' }, body: '{"score": ' });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toBe('Empty or invalid json');
      expect(await count('public.game_scores')).toBe(before);
    });

    it('refuses methods, paths and schemas it does not serve', async () => {
      expect((await raw('profiles', { method: 'DELETE' })).status).toBe(405);
      expect((await raw('a/b/c')).status).toBe(404);
      expect((await raw('profiles', { headers: { 'Accept-Profile': 'auth' } })).status).toBe(406);
      expect((await raw('profiles', { headers: { Accept: 'text/csv' } })).status).toBe(406);
    });
  });

  it('answers CORS preflights for any origin', async () => {
    const res = await fetch(`${url}/rest/v1/game_scores`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, authorization, content-type, prefer' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const name of ['authorization', 'apikey', 'content-type', 'prefer', 'accept', 'x-client-info', 'x-supabase-api-version', 'range']) {
      expect(allowed).toContain(name);
    }
    const get = await raw('profiles?select=id');
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(get.headers.get('content-range')).toBe('0-2/*');
  });

  it('leaves other paths to the next handler', async () => {
    expect((await fetch(`${url}/rest/v10/profiles`)).status).toBe(404);
    expect((await fetch(`${url}/auth/v1/user`)).status).toBe(404);
  });
});
