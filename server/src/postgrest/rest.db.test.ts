/**
 * /rest/v1 served by the real PostgREST on both real databases, through supabase-js (the real
 * client) and raw HTTP: the calls of SPEC §7, inserts under row-level security, functions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../db/databases.testkit';
import { restFixture, score } from './rest.testkit';

describe.each(TEST_DATABASES)('/rest/v1 through PostgREST on %s', (_name, open) => {
  const fixture = restFixture(open);
  let { alice, bob, carol, anon, asAlice } = fixture;
  const { count, raw, newPlayer } = fixture;
  beforeAll(() => {
    ({ alice, bob, carol, anon, asAlice } = fixture);
  });

  describe('inserts', () => {
    it("inserts the signed-in player's own score and returns the row", async () => {
      const sent = score(alice, { score: 33 });
      const { data, error, status } = await asAlice.from('game_scores').insert(sent).select().single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      // Pending: the player reads their own row at once; High Scores shows it once its game is replayed.
      expect(data).toMatchObject({ ...sent, id: expect.any(Number), created_at: expect.any(String), status: 'pending' });
      expect(await count('public.game_scores where user_id = $1 and score = 33', [alice])).toBe(1);
      const seen = await anon.from('game_scores').select('id').eq('user_id', alice).eq('score', 33);
      expect(seen.data).toEqual([]);
    });

    it('inserts without returning when no representation is asked for', async () => {
      const player = await newPlayer('Quiet');
      const res = await raw('game_scores', {
        method: 'POST',
        token: player.token,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify([score(player.id, { score: 34 }), score(player.id, { score: 35 })]),
      });
      expect([res.status, await res.text()]).toEqual([201, '']);
      expect(await count('public.game_scores where user_id = $1 and score in (34, 35)', [player.id])).toBe(2);
    });

    it('refuses a score for another user and writes nothing', async () => {
      const before = await count('public.game_scores');
      const { data, error, status } = await asAlice.from('game_scores').insert(score(bob, { score: 77 })).select().single();
      expect(data).toBeNull();
      expect(status).toBe(403);
      expect(error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "game_scores"' });
      expect(await count('public.game_scores')).toBe(before);
    });

    it('refuses an anonymous insert', async () => {
      const before = await count('public.game_scores');
      const { error, status } = await anon.from('game_scores').insert(score(alice));
      expect(status).toBe(401);
      expect(error).toMatchObject({ code: '42501', message: 'permission denied for table game_scores' });
      expect(await count('public.game_scores')).toBe(before);
    });

    it('refuses writes nobody may make from a client: results and ratings', async () => {
      const results = await asAlice.from('game_results').insert({ player1_id: alice, player2_id: bob, player1_score: 1, player2_score: 0, scoring_mechanism: 'connection', board_size: 6, player1_elo_before: 1, player1_elo_after: 2, player2_elo_before: 1, player2_elo_after: 0 });
      expect(results.status).toBe(403);
      expect(results.error?.message).toBe('permission denied for table game_results');
      const rating = await asAlice.from('profiles').update({ elo_rating: 3000 }).eq('id', alice);
      expect(rating.status).toBe(403);
      const erase = await asAlice.from('game_scores').delete().eq('user_id', alice);
      expect(erase.status).toBe(403);
      expect(await count('public.profiles where elo_rating = 3000')).toBe(0);
    });

    it("reports the database's own checks and bad values", async () => {
      const player = await newPlayer('Checker');
      const check = await player.client.from('game_scores').insert(score(player.id, { board_size: 7 }));
      expect(check.status).toBe(400);
      expect(check.error).toMatchObject({ code: '23514' });
      const badValue = await player.client.from('game_scores').insert(score(player.id, { score: 'many' }));
      expect(badValue.status).toBe(400);
      expect(badValue.error).toMatchObject({ code: '22P02' });
      const unknown = await player.client.from('game_scores').insert(score(player.id, { cheat: true }));
      expect(unknown.status).toBe(400);
      expect(unknown.error?.code).toBe('PGRST204');
      expect(await count('public.game_scores where user_id = $1', [player.id])).toBe(0);
    });
  });

  describe('reads', () => {
    it('answers the AI high-score query of SPEC §7', async () => {
      const { data, error } = await anon
        .from('game_scores')
        .select('*')
        .eq('opponent_type', 'ai')
        .eq('status', 'verified')
        .eq('scoring_mechanism', 'connection')
        .eq('board_size', 6)
        .order('ai_difficulty', { ascending: false })
        .order('score', { ascending: false })
        .limit(50);
      expect(error).toBeNull();
      const rows = data as { ai_difficulty: string; score: number; opponent_type: string; board_size: number }[];
      expect(rows.length).toBeGreaterThanOrEqual(4);
      expect(rows.every((row) => row.opponent_type === 'ai' && row.board_size === 6)).toBe(true);
      expect(rows[0]).toMatchObject({ ai_difficulty: 'medium', score: 50 });
      const limited = await anon.from('game_scores').select('score').eq('opponent_type', 'ai').order('score', { ascending: false }).limit(2);
      expect(limited.data).toEqual([{ score: 70 }, { score: 60 }]);
    });

    it("reads a user's results with an or filter, newest first", async () => {
      const { data, error } = await anon
        .from('game_results')
        .select('*')
        .or(`player1_id.eq.${bob},player2_id.eq.${bob}`)
        .order('created_at', { ascending: false })
        .limit(20);
      expect(error).toBeNull();
      const rows = data as { winner_id: string; created_at: string }[];
      expect(rows.map((row) => row.winner_id)).toEqual([alice, bob, alice]);
      const filtered = await anon.from('game_results').select('id').eq('scoring_mechanism', 'connection').eq('board_size', 8).limit(50);
      expect(filtered.data).toEqual([]);
    });

    it('reads one profile by id, and profiles by an in list', async () => {
      const one = await anon.from('profiles').select('id, username').eq('id', alice).single();
      expect(one.error).toBeNull();
      expect(one.data).toEqual({ id: alice, username: 'Alice' });
      const many = await anon.from('profiles').select('id, username').in('id', [alice, bob]).order('username');
      expect(many.data).toEqual([
        { id: alice, username: 'Alice' },
        { id: bob, username: 'Bob' },
      ]);
    });

    it('answers .single() with no row as 406 and .maybeSingle() as null', async () => {
      const missing = '00000000-0000-0000-0000-000000000000';
      const single = await anon.from('profiles').select('id').eq('id', missing).single();
      expect(single.status).toBe(406);
      expect(single.error?.code).toBe('PGRST116');
      const maybe = await anon.from('profiles').select('id').eq('id', missing).maybeSingle();
      expect([maybe.data, maybe.error]).toEqual([null, null]);
    });

    it('counts exactly, with aliases, ranges and negations', async () => {
      const counted = await anon.from('game_scores').select('*', { count: 'exact', head: true }).eq('user_id', bob);
      expect(counted.count).toBe(await count('public.game_scores where user_id = $1', [bob]));
      const page = await anon.from('game_scores').select('points:score').eq('user_id', bob).order('score').range(1, 2);
      expect(page.data).toEqual([{ points: 50 }, { points: 60 }]);
      const humans = await anon.from('game_scores').select('score').eq('user_id', carol).not('ai_difficulty', 'is', null);
      expect(humans.data).toEqual([{ score: 70 }]);
    });
  });

  describe('rpc', () => {
    it('ranks the ELO leaderboard', async () => {
      const { data, error } = await anon.rpc('get_elo_leaderboard', { limit_rows: 50 });
      expect(error).toBeNull();
      expect(data).toEqual([
        { rank: 1, user_id: alice, username: 'Alice', elo_rating: 1240, win_rate: 66.7, games_played: 3 },
        { rank: 2, user_id: bob, username: 'Bob', elo_rating: 1160, win_rate: 33.3, games_played: 3 },
      ]);
      const top = await anon.rpc('get_elo_leaderboard', { limit_rows: 1 });
      expect(top.data).toHaveLength(1);
    });

    it("reads a user's stats and game history", async () => {
      const stats = await asAlice.rpc('get_user_stats', { user_id: bob });
      expect(stats.error).toBeNull();
      expect(stats.data).toEqual([{ elo_rating: 1160, games_played: 3, games_won: 1, win_rate: 33.3, best_ai_score: '60', ai_games: 3 }]);
      const history = await asAlice.rpc('get_user_game_history', { user_id: alice, limit_rows: 2 });
      expect(history.error).toBeNull();
      expect((history.data as { winner_id: string }[]).map((row) => row.winner_id)).toEqual([alice, bob]);
    });

    it('names an unknown function or a bad argument', async () => {
      const unknown = await anon.rpc('drop_everything', {});
      expect(unknown.status).toBe(404);
      expect(unknown.error?.code).toBe('PGRST202');
      const badValue = await anon.rpc('get_user_stats', { user_id: 'not-a-uuid' });
      expect([badValue.status, badValue.error?.code]).toEqual([400, '22P02']);
    });
  });
});
