/** The data API's query strings the edge refuses before PostgREST, and those it lets through. */
import { describe, expect, it } from 'vitest';
import { refuseRestQuery } from './rest-query';

const url = (query: string) => `/rest/v1/profiles?${query}`;
const refusal = (query: string) => refuseRestQuery(url(query))?.message;

describe('refuseRestQuery', () => {
  it("lets through every query the game's client makes", () => {
    const ids = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const query of [
      'select=id%2Cusername&id=eq.00000000-0000-4000-8000-000000000001&limit=1',
      `select=id%2Cusername&id=in.%28${ids.join('%2C')}%29`,
      'select=*&or=%28player1_id.eq.a%2Cplayer2_id.eq.b%29&order=created_at.desc&limit=20',
      'select=id%2Cusername%2Cai_difficulty%2Cscore%2Copponent_score&opponent_type=eq.ai&scoring_mechanism=eq.connection&board_size=eq.6&order=ai_difficulty.desc%2Cscore.desc&limit=50',
      'select=*&scoring_mechanism=in.%28connection%2Ccell-connection%29&order=created_at.desc&limit=50',
      'columns=%22user_id%22%2C%22score%22&select=*',
    ]) {
      expect(refuseRestQuery(url(query))).toBeUndefined();
    }
    expect(refuseRestQuery('/rest/v1/rpc/get_elo_leaderboard')).toBeUndefined();
  });

  it('lets through what stays within the ceilings', () => {
    expect(refusal(`select=${'data->a'.repeat(1)}${'->a'.repeat(7)}`)).toBeUndefined();
    expect(refusal('select=a(b(c(d)))')).toBeUndefined();
    expect(refusal('or=(a.eq.1,and(b.eq.2,or(c.eq.3,d.in.(4,5))))')).toBeUndefined();
    expect(refusal('id=not.eq.1')).toBeUndefined();
    expect(refusal('username=eq.not.not.a%20name')).toBeUndefined();
  });

  it('refuses JSON paths past 8 steps, in select, a filter\'s column and order', () => {
    const deep = `username${'->a'.repeat(300)}`;
    for (const query of [`select=${deep}`, `${deep}=eq.1`, `order=${deep}.desc`, `select=id&or=(${deep}.eq.1)`, `select=${'a->b,'.repeat(9)}id`]) {
      expect(refusal(query)).toBe('JSON path too deep: at most 8 steps (-> or ->>) in one parameter');
    }
    expect(refuseRestQuery(url(`select=${encodeURIComponent(deep)}`))).toEqual({
      code: 'PGRST100',
      message: 'JSON path too deep: at most 8 steps (-> or ->>) in one parameter',
      details: 'In the parameter "select".',
      hint: null,
    });
  });

  it('refuses embedding, logic trees and not chains past their ceilings, whatever the quotes say', () => {
    expect(refusal(`select=${'a('.repeat(9)}id${')'.repeat(9)}`)).toBe('Too many embedded resources: at most 8 in select');
    const tree = (depth: number) => `or=(${'and(or('.repeat(depth)}a.eq.1${'))'.repeat(depth)})`;
    expect(refusal(tree(9))).toBe('Logic tree too large: at most 16 groups of or/and/in');
    // A quote PostgREST may read as a plain character cannot hide the groups after it.
    expect(refusal(`or=(a.eq."x,${'and('.repeat(17)}b.eq.1${')'.repeat(17)})`)).toBe('Logic tree too large: at most 16 groups of or/and/in');
    expect(refusal('not.or=(a.eq.1,b.eq.2)')).toBeUndefined();
    expect(refusal('id=not.not.eq.1')).toBe('Too many not. in a row: at most 1');
  });

  it('refuses a query string past 8 KiB', () => {
    expect(refuseRestQuery(url(`username=eq.${'x'.repeat(8 * 1024)}`))).toMatchObject({ code: 'PGRST100', message: 'Query string too long: at most 8192 bytes' });
  });

  it('refuses a lone surrogate and other malformed percent-encodings, and raw bytes', () => {
    for (const query of ['username=eq.%ED%A0%80', 'usern%ED%A0%80ame=eq.x', 'username=eq.%ED', 'username=eq.%zz', 'username=eq.%C0%AF']) {
      expect(refusal(query)).toBe('Malformed percent-encoding in the query string: %XX escapes must spell UTF-8 text');
    }
    expect(refuseRestQuery('/rest/v1/pro%ED%A0%80files')?.message).toBe('Malformed percent-encoding in the path: %XX escapes must spell UTF-8 text');
    expect(refuseRestQuery('/rest/v1/profiles?username=eq.\xed\xa0\x80')?.message).toBe('The URL may hold only printable ASCII: percent-encode other characters as UTF-8');
    expect(refusal('username=eq.%F0%9F%98%80')).toBeUndefined();
  });
});
