import { describe, expect, it } from 'vitest';
import { RestError } from './errors';
import { parseQuery } from './query';
import type { Table } from './schema';
import { buildInsert, buildRead, tableSource } from './sql';

const scores: Table = {
  name: 'game_scores',
  columns: new Map(['id', 'user_id', 'username', 'score', 'ai_difficulty'].map((name) => [name, { name, type: 'text' }])),
};

describe('the SQL builder', () => {
  it('quotes every identifier and binds every value', () => {
    const attack = "x'; drop table public.game_scores; --";
    const query = parseQuery(new URLSearchParams({ select: 'id,points:score', username: `eq.${attack}`, or: '(score.gt.5,id.in.(1,2))', order: 'ai_difficulty.desc.nullslast', limit: '50', offset: '5' }));
    const { rows, count } = buildRead(tableSource(scores), query, { count: true });
    expect(rows.sql).toBe(
      `select count(*)::int as n, coalesce(json_agg(_pgrst_t), '[]')::text as body, (json_agg(_pgrst_t) -> 0)::text as first from (` +
        `select "id", "score" as "points" from "public"."game_scores" where "username" = $1 and ("score" > $2 or "id" in ($3, $4)) ` +
        `order by "ai_difficulty" desc nulls last limit $5 offset $6) _pgrst_t`,
    );
    expect(rows.params).toEqual([attack, '5', '1', '2', 50, 5]);
    expect(count).toEqual({ sql: `select count(*)::int as total from "public"."game_scores" where "username" = $1 and ("score" > $2 or "id" in ($3, $4))`, params: [attack, '5', '1', '2'] });
    expect(rows.sql).not.toContain('drop');
  });

  it('refuses names outside the catalog before any SQL is made', () => {
    const read = (text: string) => () => buildRead(tableSource(scores), parseQuery(new URLSearchParams(text)));
    expect(read('select=id";drop')).toThrow(RestError);
    expect(read('order=score;drop')).toThrow('column game_scores.score;drop does not exist');
    expect(() => buildInsert(scores, ['user_id', 'is_admin'], [{}], undefined)).toThrow("Could not find the 'is_admin' column of 'game_scores' in the schema cache");
  });

  it('inserts the rows as one bound JSON parameter', () => {
    const rows = [{ user_id: 'u', score: 3 }];
    expect(buildInsert(scores, ['user_id', 'score'], rows, undefined)).toEqual({
      sql: `insert into "public"."game_scores" ("user_id", "score") select "user_id", "score" from json_populate_recordset(null::"public"."game_scores", $1::json)`,
      params: [JSON.stringify(rows)],
    });
  });
});
