/**
 * A whole online 16×16 game between two real sockets, on both real databases: every score in the
 * payloads travels as a decimal string with every digit (past 2^53, where a JSON number would be
 * rounded), the page's parser makes them the exact bigints, and the rated result in game_results
 * holds them exactly. Online play is connection only (SPEC §1).
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerEvent } from '../../../../src/protocol';
import { TEST_DATABASES } from '../../db/databases.testkit';
import { call, next, record, startHarness, type Harness } from './rooms.testkit';

type Entered = { success: boolean; room: { code: string } };
type Moved = { gameState: { scores: [string, string]; scoreHistory1: string[]; scoreHistory2: string[]; progress: string; moveCount: number } };
type Finished = { winner: number | 'draw'; scores: [string, string]; reason: string; gameState: Moved['gameState']; ratings?: unknown[] };

const N = 16;

/**
 * Separate triples in a brick pattern: player 0 holds the cells with (x + 3y) mod 6 < 3, player 1
 * the others, so each holds 40 triples and 8 single cells (3^40 each), except that (15, 0) and
 * (15, 1) change hands: player 0's triple at the end of row 0 becomes four cells and its single
 * (15, 1) is gone (4 · 3^39), while player 1's triple at the end of row 1 joins (15, 1) and the
 * single (15, 2) into five cells and its single (15, 0) is gone (5 · 3^39).
 */
function bricks(): { row: number; col: number }[] {
  const cells: [{ row: number; col: number }[], { row: number; col: number }[]] = [[], []];
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++) {
      const swapped = x === 15 && y < 2;
      const owner = ((x + 3 * y) % 6 < 3) !== swapped ? 0 : 1;
      cells[owner].push({ row: y, col: x });
    }
  return cells[0].flatMap((move, i) => [move, cells[1][i]!]);
}

const FINAL: [bigint, bigint] = [4n * 3n ** 39n, 5n * 3n ** 39n];

describe.each(TEST_DATABASES)('an online 16×16 game on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ eventsPerSecond: 1000 }, await open());
  }, 60_000);
  afterAll(() => h?.close());

  async function account(email: string, username: string): Promise<{ id: string; token: string }> {
    const [row] = await h.db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`, [
      email,
      JSON.stringify({ username }),
    ]);
    return { id: row!.id, token: (await h.keys.accessToken({ id: row!.id, email })).token };
  }

  it('is played to the end with every digit of both scores on the socket and in game_results', { timeout: 300_000 }, async () => {
    const alice = await account('alice@example.com', 'alice');
    const bob = await account('bob@example.com', 'bob');
    const host = await h.client({ token: alice.token });
    const guest = await h.client({ token: bob.token });
    const created = await call<Entered>(host, 'room:create', { username: 'Alice' });
    await call<Entered>(guest, 'room:join', { code: created.room.code, username: 'Bob' });
    expect(await call(host, 'room:updateSettings', { boardSize: 18 })).toEqual({ success: false, error: 'boardSize must be 6, 8, 10, 12, 14 or 16, got 18' });
    expect(await call(host, 'room:updateSettings', { boardSize: 16 })).toMatchObject({ success: true, room: { settings: { boardSize: 16, scoringMechanism: 'connection' } } });
    await call(host, 'room:setReady', { ready: true });
    await call(guest, 'room:setReady', { ready: true });
    const started = next<{ gameState: { boardState: { gridWidth: number } } }>(guest, 'game:started');
    await call(host, 'game:start', {});
    expect((await started).gameState.boardState.gridWidth).toBe(N);

    const seen = record<Moved>(guest, 'game:moveMade');
    const finished = Promise.all([next<Finished>(host, 'game:finished'), next<Finished>(guest, 'game:finished')]);
    const players: [Socket, Socket] = [host, guest];
    for (const [i, move] of bricks().entries()) {
      const ack = await call<{ success: boolean; error?: string }>(players[i % 2]!, 'game:move', move);
      expect(ack, `move ${i + 1}: ${JSON.stringify(move)}`).toMatchObject({ success: true });
    }
    const [a, b] = await finished;

    const digits = FINAL.map((score) => score.toString());
    expect(digits).toEqual(['16210220612075905068', '20262775765094881335']);
    // Past 2^53: as JSON numbers these would have arrived rounded.
    expect(FINAL.every((score) => score > 2n ** 53n && BigInt(Number(score)) !== score)).toBe(true);
    for (const result of [a, b]) {
      expect(result).toMatchObject({ winner: 1, scores: digits, reason: 'board-full', gameState: { progress: 'over', moveCount: N * N, scores: digits } });
    }
    expect(a.ratings).toHaveLength(2);
    expect(seen).toHaveLength(N * N);
    for (const { gameState } of seen) {
      for (const score of [...gameState.scores, ...gameState.scoreHistory1, ...gameState.scoreHistory2]) expect(score).toMatch(/^(0|[1-9][0-9]*)$/);
    }
    const last = seen.at(-1)!.gameState;
    expect(last.scoreHistory1).toHaveLength(N * N);
    expect([last.scoreHistory1.at(-1), last.scoreHistory2.at(-1)]).toEqual(digits);

    // The page's parser gives the exact bigints.
    const parsed = parseServerEvent('game:finished', a);
    expect(parsed.ok && parsed.message.type === 'game:finished' && parsed.message.payload.scores).toEqual(FINAL);

    const rows = await h.db.query<{ p1: string; p2: string; winner_id: string; board_size: number }>(
      'select player1_score::text as p1, player2_score::text as p2, winner_id, board_size from public.game_results where player1_id = $1',
      [alice.id],
    );
    expect(rows).toEqual([{ p1: digits[0], p2: digits[1], winner_id: bob.id, board_size: N }]);
  });
});
