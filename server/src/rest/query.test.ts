import { describe, expect, it } from 'vitest';
import { RestError } from './errors';
import { parseList, parseLogic, parseQuery } from './query';

const parse = (text: string, args?: ReadonlySet<string>) => parseQuery(new URLSearchParams(text), args);

function failure(work: () => unknown): RestError {
  try {
    work();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}

describe('parseQuery', () => {
  it('defaults to every column, no filters, no order', () => {
    expect(parse('')).toEqual({ select: [{ kind: 'star' }], filters: [], order: [], args: {} });
  });

  it('reads select lists with aliases', () => {
    expect(parse('select=id,name:username,*').select).toEqual([
      { kind: 'column', column: 'id' },
      { kind: 'column', column: 'username', alias: 'name' },
      { kind: 'star' },
    ]);
  });

  it('refuses embedded resources, casts and empty columns', () => {
    expect(failure(() => parse('select=id,profiles(username)')).code).toBe('PGRST200');
    expect(failure(() => parse('select=id::text')).code).toBe('PGRST100');
    expect(failure(() => parse('select=id,,x')).code).toBe('PGRST100');
  });

  it('reads comparison filters, keeping everything after the operator as the value', () => {
    expect(parse('board_size=eq.6&score=gte.10&username=neq.a.b&x=lt.1&y=lte.2&z=gt.3').filters).toEqual([
      { kind: 'compare', column: 'board_size', op: 'eq', value: '6', negate: false },
      { kind: 'compare', column: 'score', op: 'gte', value: '10', negate: false },
      { kind: 'compare', column: 'username', op: 'neq', value: 'a.b', negate: false },
      { kind: 'compare', column: 'x', op: 'lt', value: '1', negate: false },
      { kind: 'compare', column: 'y', op: 'lte', value: '2', negate: false },
      { kind: 'compare', column: 'z', op: 'gt', value: '3', negate: false },
    ]);
  });

  it('keeps a SQL-looking value as one plain string', () => {
    const value = "x'; drop table public.game_scores; --";
    expect(parse(new URLSearchParams({ username: `eq.${value}` }).toString()).filters).toEqual([
      { kind: 'compare', column: 'username', op: 'eq', value, negate: false },
    ]);
  });

  it('reads not, is, like with * wildcards', () => {
    expect(parse('ai_difficulty=not.is.null&username=ilike.*ali*').filters).toEqual([
      { kind: 'is', column: 'ai_difficulty', value: 'null', negate: true },
      { kind: 'compare', column: 'username', op: 'ilike', value: '%ali%', negate: false },
    ]);
    expect(failure(() => parse('x=is.maybe')).code).toBe('PGRST100');
  });

  it('reads in-lists with quoted values holding commas, parentheses and escaped quotes', () => {
    expect(parse('id=in.(a,b,"c, d","e(f)","g\\"h")').filters).toEqual([
      { kind: 'in', column: 'id', values: ['a', 'b', 'c, d', 'e(f)', 'g"h'], negate: false },
    ]);
    expect(parseList('()')).toEqual([]);
    expect(failure(() => parse('id=in.a,b')).code).toBe('PGRST100');
  });

  it('reads or/and trees, nested and negated', () => {
    expect(parse('or=(player1_id.eq.u1,player2_id.eq.u1)').filters).toEqual([
      {
        kind: 'logic',
        op: 'or',
        negate: false,
        children: [
          { kind: 'compare', column: 'player1_id', op: 'eq', value: 'u1', negate: false },
          { kind: 'compare', column: 'player2_id', op: 'eq', value: 'u1', negate: false },
        ],
      },
    ]);
    expect(parseLogic('and', true, '(a.eq."x,y",or(b.in.(1,2),c.not.is.null))')).toEqual({
      kind: 'logic',
      op: 'and',
      negate: true,
      children: [
        { kind: 'compare', column: 'a', op: 'eq', value: 'x,y', negate: false },
        {
          kind: 'logic',
          op: 'or',
          negate: false,
          children: [
            { kind: 'in', column: 'b', values: ['1', '2'], negate: false },
            { kind: 'is', column: 'c', value: 'null', negate: true },
          ],
        },
      ],
    });
    expect(parse('not.or=(a.eq.1)').filters[0]).toMatchObject({ kind: 'logic', op: 'or', negate: true });
  });

  it('refuses unknown operators and malformed trees, naming them', () => {
    const unknown = failure(() => parse('score=foo.1'));
    expect([unknown.status, unknown.code, unknown.message, unknown.details]).toEqual([400, 'PGRST100', 'failed to parse filter (score=foo.1)', 'unknown operator "foo"']);
    expect(failure(() => parse('score=1')).code).toBe('PGRST100');
    expect(failure(() => parse('or=(a.eq.1')).code).toBe('PGRST100');
    expect(failure(() => parse('or=(a.eq.1,(b)')).code).toBe('PGRST100');
    expect(failure(() => parse('or=(a)')).code).toBe('PGRST100');
    expect(failure(() => parse('or=(a.eq."x)')).code).toBe('PGRST100');
  });

  it('reads order terms with direction and nulls placement', () => {
    expect(parse('order=ai_difficulty.desc,score.desc.nullslast,created_at,x.nullsfirst').order).toEqual([
      { column: 'ai_difficulty', direction: 'desc' },
      { column: 'score', direction: 'desc', nulls: 'last' },
      { column: 'created_at', direction: 'asc' },
      { column: 'x', direction: 'asc', nulls: 'first' },
    ]);
    expect(failure(() => parse('order=score.sideways')).code).toBe('PGRST100');
  });

  it('reads limit, offset and insert columns', () => {
    expect(parse('limit=50&offset=10&columns="a","b"')).toMatchObject({ limit: 50, offset: 10, columns: ['a', 'b'] });
    expect(failure(() => parse('limit=-1')).code).toBe('PGRST100');
    expect(failure(() => parse('limit=1;drop')).code).toBe('PGRST100');
  });

  it("takes a function's argument names as arguments on GET rpc", () => {
    expect(parse('limit_rows=5&rank=lte.3', new Set(['limit_rows']))).toMatchObject({
      args: { limit_rows: '5' },
      filters: [{ kind: 'compare', column: 'rank', op: 'lte', value: '3', negate: false }],
    });
  });
});
