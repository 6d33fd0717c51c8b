/**
 * Attacks on the leaderboards through the real data API (PostgREST) on both databases: each
 * was possible before the database checked what a client writes (issue 10).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../db/testing';
import { restFixture, score } from '../postgrest/test-fixture';

describe.each(TEST_DATABASES)('forging the leaderboards on %s', (_name, open) => {
  const fixture = restFixture(open);
  let alice = '';
  const { count, newPlayer, raw } = fixture;
  beforeAll(() => {
    alice = fixture.alice;
  });

  it("stores the player's own name whatever username is sent", async () => {
    const mallory = await newPlayer('Mallory');
    const { data, error } = await mallory.client.from('game_scores').insert(score(mallory.id, { username: 'Alice' })).select().single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ username: 'Mallory' });
    expect(await count("public.game_scores where user_id = $1 and username = 'Alice'", [mallory.id])).toBe(0);
  });

  it("stores the server's time, not a backdated created_at", async () => {
    const mallory = await newPlayer('Backdater');
    const { data, error } = await mallory.client.from('game_scores').insert(score(mallory.id, { created_at: '2001-01-01T00:00:00Z' })).select().single();
    expect(error).toBeNull();
    const created = Date.parse((data as { created_at: string }).created_at);
    const { now } = (await fixture.test.db.query<{ now: Date }>('select now() as now'))[0]!;
    expect(Math.abs(created - new Date(now).getTime())).toBeLessThan(10 * 60_000);
  });

  it('refuses a score no board of that size could give, up to 2^63', async () => {
    const mallory = await newPlayer('Inflater');
    const { bound } = (await fixture.test.db.query<{ bound: number }>("select public.max_score(6, 'connection') as bound"))[0]!;
    for (const points of [bound + 1, '9223372036854775807']) {
      const { status, error } = await mallory.client.from('game_scores').insert(score(mallory.id, { score: points }));
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '23514', message: expect.stringContaining('game_scores_score_within_board') });
    }
    const opponent = await mallory.client.from('game_scores').insert(score(mallory.id, { opponent_score: bound + 1 }));
    expect(opponent.status).toBe(400);
    const exact = await mallory.client.from('game_scores').insert(score(mallory.id, { score: bound }));
    expect(exact.error).toBeNull();
    expect(await count('public.game_scores where user_id = $1', [mallory.id])).toBe(1);
  });

  it('refuses a game against the AI without its difficulty', async () => {
    const mallory = await newPlayer('Vague');
    const { status, error } = await mallory.client.from('game_scores').insert(score(mallory.id, { ai_difficulty: null }));
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', message: expect.stringContaining('game_scores_ai_game_names_difficulty') });
  });

  it('counts one game once: a second submission of the same game id is a conflict', async () => {
    const mallory = await newPlayer('Repeater');
    const game = score(mallory.id, { game_id: 'the-same-game' });
    expect((await mallory.client.from('game_scores').insert(game)).error).toBeNull();
    const again = await mallory.client.from('game_scores').insert({ ...game, score: 31 });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
    const missing = await mallory.client.from('game_scores').insert(score(mallory.id, { game_id: undefined }));
    expect([missing.status, missing.error?.code]).toEqual([400, '23502']);
    // Another player's game may share the id: it is unique per player.
    const other = await newPlayer('Other');
    expect((await other.client.from('game_scores').insert(score(other.id, { game_id: 'the-same-game' }))).error).toBeNull();
  });

  it('takes at most 5 scores a minute from one player, in one request or many, with Retry-After', async () => {
    const mallory = await newPlayer('Flooder');
    const bulk = await raw('game_scores', {
      method: 'POST',
      token: mallory.token,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Array.from({ length: 10 }, () => score(mallory.id))),
    });
    expect(bulk.status).toBe(429);
    expect(bulk.headers.get('retry-after')).toBe('60');
    expect(await bulk.json()).toMatchObject({ code: 'too_many_scores', message: 'Too many scores submitted: at most 5 a minute' });
    expect(await count('public.game_scores where user_id = $1', [mallory.id])).toBe(0);
    const replies = await Promise.all(Array.from({ length: 8 }, () => mallory.client.from('game_scores').insert(score(mallory.id))));
    expect(replies.filter((reply) => reply.error === null)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(3);
    expect(await count('public.game_scores where user_id = $1', [mallory.id])).toBe(5);
  });

  it("never lets a client write another player's score, results, ratings or names", async () => {
    const mallory = await newPlayer('Impostor');
    const asAlice = await mallory.client.from('game_scores').insert(score(alice));
    expect(asAlice.status).toBe(403);
    const patch = await mallory.client.from('profiles').update({ username: 'Alice' }).eq('id', mallory.id);
    expect(patch.status).toBe(403);
    const hidden = await raw('schema_migrations');
    expect(hidden.status).toBe(404);
  });
});
