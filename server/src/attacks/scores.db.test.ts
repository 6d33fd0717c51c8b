/**
 * Attacks on the leaderboards through the real data API (PostgREST) on both databases: each
 * was possible before the database checked what a client writes.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../../../src/engine';
import { loadEngine } from '../../../src/engine/load';
import { formatRecord, parseRecord } from '../../../src/game/record';
import type { ScorePayload } from '../../../src/game/submission';
import { TEST_DATABASES } from '../db/databases.testkit';
import { restFixture, score } from '../postgrest/rest.testkit';
import { expertHuman, playAgainstComputer } from '../scores/played-game.testkit';

describe.each(TEST_DATABASES)('forging the leaderboards on %s', (_name, open) => {
  // The server's score verifier looks for pending scores every 100 ms (3 s by default).
  const fixture = restFixture(open, { scoreVerifier: { pollMs: 100 } });
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

  it('refuses a score no board of that size could give, up to 2^63 and past it', async () => {
    const mallory = await newPlayer('Inflater');
    const { bound } = (await fixture.test.db.query<{ bound: number }>("select public.max_score(6, 'connection')::int as bound"))[0]!;
    for (const points of [bound + 1, '9223372036854775807', `1${'0'.repeat(40)}`]) {
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

  describe('a high score is a game that was played', () => {
    let engine: Engine;
    let games = 1_700_000_200_000;
    beforeAll(async () => {
      engine = await loadEngine();
    });

    /** A game against Hard played as the game page plays it, for `player`, and what the page submits. */
    const playedGame = (player: { id: string }, name: string): ScorePayload =>
      playAgainstComputer(engine, { user: { id: player.id, username: name }, settings: { aiDifficulty: 'hard' }, gameId: games++, human: expertHuman() })
        .payload;

    /** Waits, reading as the database owner, until the score has its verdict. */
    const verdict = (gameId: string) =>
      vi.waitFor(
        async () => {
          const [row] = await fixture.test.db.query<{ status: string; rejection: string | null }>(
            'select status, rejection from public.game_scores where game_id = $1',
            [gameId],
          );
          if (!row || row.status === 'pending') throw new Error(`the score of game ${gameId} is ${row?.status ?? 'missing'} after a minute`);
          return row;
        },
        { timeout: 60_000 },
      );

    /** The High Scores tab's read (SPEC §7, services/leaderboard.ts), by `client`, on this game's board. */
    const highScores = async (client = fixture.anon) => {
      const { data, error } = await client
        .from('game_scores')
        .select('id, username, ai_difficulty, score::text, opponent_score::text')
        .eq('opponent_type', 'ai')
        .eq('status', 'verified')
        .eq('scoring_mechanism', 'connection')
        .eq('board_size', 6)
        .order('ai_difficulty', { ascending: false })
        .order('score', { ascending: false })
        .limit(50);
      expect(error).toBeNull();
      return data as { username: string; ai_difficulty: string; score: string; opponent_score: string }[];
    };

    it('refuses a score with no game record, and never shows a forged 729 whatever record it names', { timeout: 120_000 }, async () => {
      const mallory = await newPlayer('Forger');
      const bare = await mallory.client.from('game_scores').insert(score(mallory.id, { score: 729, record: undefined })).select().single();
      expect([bare.status, bare.error?.code]).toEqual([400, '23502']);
      expect(bare.error?.message).toMatch(/^record is required: the game's record/);

      const real = playedGame(mallory, 'Forger');
      const moves = parseRecord(real.record);
      if (!moves.ok) throw new Error(moves.error);
      const swapped = [...moves.record.moves];
      [swapped[1], swapped[35]] = [swapped[35]!, swapped[1]!]; // two of the computer's moves: same board, same scores
      const forgeries: Record<string, Partial<ScorePayload>> = {
        'no game at all': { score: '729', record: 'CC1 6x6 connection: 1-0' },
        'moves that are not a game': { record: real.record.replace(/: (\S+) \S+ /, ': $1 $1 ') },
        'computer moves Hard does not play with that seed': { record: formatRecord({ ...moves.record, moves: swapped }) },
        'a score its game does not give': { score: '729' },
        // Claimed verified by the client: the database takes it as pending all the same (the record
        // with a space after it, a text not yet submitted: one game is one score).
        'a verdict of its own': { score: '729', record: `${real.record} `, status: 'verified' } as Partial<ScorePayload>,
      };
      const ids: string[] = [];
      for (const [what, forged] of Object.entries(forgeries)) {
        const payload = { ...real, ...forged, game_id: `forged-${games++}` };
        const { data, error } = await mallory.client.from('game_scores').insert(payload).select().single();
        expect(error, what).toBeNull();
        expect(data, what).toMatchObject({ status: 'pending' });
        ids.push(payload.game_id);
      }
      const verdicts = await Promise.all(ids.map(verdict));
      expect(verdicts.map((v) => v.status)).toEqual(ids.map(() => 'rejected'));
      expect(verdicts.map((v) => v.rejection)).toEqual([
        'The game is not finished: 0 of 36 cells are taken.',
        expect.stringMatching(/^The game record cannot be read: Move 2, \w+, is on a cell already taken by move 1\.$/),
        expect.stringMatching(/^Move 2, \w+, is not what Hard plays there with seed \d+ \(it plays \w+\)\.$/),
        `The score says 729 to ${real.opponent_score}; the game's board scores ${real.score} to ${real.opponent_score}.`,
        `The score says 729 to ${real.opponent_score}; the game's board scores ${real.score} to ${real.opponent_score}.`,
      ]);
      // Nobody sees them on High Scores, the forger included, nor reads them at all but the forger;
      // no client can mark one verified.
      const shown = [...(await highScores()), ...(await highScores(mallory.client))];
      expect(shown.filter((row) => row.username === 'Forger')).toEqual([]);
      const anyRead = await fixture.anon.from('game_scores').select('id').eq('user_id', mallory.id);
      expect(anyRead.data).toEqual([]);
      const ownRead = await mallory.client.from('game_scores').select('status').eq('user_id', mallory.id);
      expect(ownRead.data).toEqual(ids.map(() => ({ status: 'rejected' })));
      const mark = await mallory.client.from('game_scores').update({ status: 'verified' }).eq('user_id', mallory.id);
      expect(mark.status).toBe(403);
    });

    it("shows a game played against Hard once the server has replayed it, and that game only once", { timeout: 120_000 }, async () => {
      const player = await newPlayer('Player');
      const real = playedGame(player, 'Player');
      // The spec's call, as the page makes it (services/scores.ts): insert, then select the row.
      const inserted = await player.client.from('game_scores').insert(real).select().single();
      expect(inserted.data).toMatchObject({ status: 'pending', record: real.record });
      expect(await verdict(real.game_id)).toEqual({ status: 'verified', rejection: null });
      const rows = (await highScores()).filter((row) => row.username === 'Player');
      expect(rows).toEqual([expect.objectContaining({ ai_difficulty: 'hard', score: real.score, opponent_score: real.opponent_score })]);
      // The same game again under another game id (or by another player) is refused, not listed twice.
      const again = await player.client.from('game_scores').insert({ ...real, game_id: `copy-${games++}` });
      expect([again.status, again.error?.code, again.error?.message]).toEqual([409, '23505', expect.stringContaining('game_scores_one_per_record')]);
      const copier = await newPlayer('Copier');
      const copied = await copier.client.from('game_scores').insert({ ...real, user_id: copier.id, game_id: `copy-${games++}` });
      expect(copied.status).toBe(409);
    });
  });
});
