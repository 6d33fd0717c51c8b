/**
 * The database down when a rated game ends: the last move is not acknowledged while
 * it cannot be written; once PostgreSQL is back, the move, the result and both profiles are
 * written in one transaction and both players hear the rated result. Nothing is dropped.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { connectPool } from '../../db/pool';
import { startPostgresCluster, type PostgresCluster } from '../../db/postgres-cluster';
import { call, next, startHarness, type Harness } from './rooms.testkit';

type Entered = { room: { code: string } };
type Finished = { winner: number; scores: [string, string]; ratings?: { before: number; after: number }[] };

let cluster: PostgresCluster;
let db: Database;
let h: Harness;
beforeAll(async () => {
  cluster = await startPostgresCluster();
  db = await connectPool(cluster.url('postgres'), { kind: 'postgres', description: 'PostgreSQL that goes down' });
  await migrate(db);
  h = await startHarness({ eventsPerSecond: 1000 }, { db, restUrl: cluster.url('authenticator'), stop: () => db.close() });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await cluster?.stop();
});

function plan(): { row: number; col: number }[] {
  const column = (c: number) => Array.from({ length: 6 }, (_, row) => ({ row, col: c }));
  const a = [0, 2, 5].flatMap(column);
  const b = [1, 3, 4].flatMap(column);
  return a.flatMap((m, i) => [m, b[i]!]);
}

describe('the database stopped at the last move of a rated game', () => {
  it('delays the result until it is back, then writes it once, with both profiles', { timeout: 120_000 }, async () => {
    const add = async (email: string, username: string) =>
      (await db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`, [email, JSON.stringify({ username })]))[0]!.id;
    const ids = [await add('down-a@example.com', 'downa'), await add('down-b@example.com', 'downb')];
    const tokens = await Promise.all(ids.map(async (id, i) => (await h.keys.accessToken({ id, email: `down-${'ab'[i]}@example.com` })).token));
    const host = await h.client({ token: tokens[0]! });
    const guest = await h.client({ token: tokens[1]! });
    const created = await call<Entered>(host, 'room:create', { username: 'A' });
    await call(guest, 'room:join', { code: created.room.code, username: 'B' });
    await call(host, 'room:setReady', { ready: true });
    await call(guest, 'room:setReady', { ready: true });
    const started = next(guest, 'game:started');
    await call(host, 'game:start', {});
    await started;
    const moves = plan();
    const players = [host, guest];
    for (let i = 0; i < moves.length - 1; i++) expect(await call(players[i % 2]!, 'game:move', moves[i])).toMatchObject({ success: true });

    const errors = vi.spyOn(console, 'error');
    const retried = vi.waitFor(() => expect(errors.mock.calls.some(([line]) => String(line).startsWith('room log:'))).toBe(true), { timeout: 60_000, interval: 50 });
    await cluster.pause();
    const finished = next<Finished>(host, 'game:finished', 90_000);
    let acknowledged = false;
    // Player 1 fills the board.
    const lastMove = guest.timeout(90_000).emitWithAck('game:move', moves.at(-1)).then((ack: unknown) => {
      acknowledged = true;
      return ack;
    });
    await retried;
    expect(acknowledged).toBe(false);
    await cluster.resume();
    expect(await lastMove).toMatchObject({ success: true });
    const result = await finished;
    errors.mockRestore();
    expect(result).toMatchObject({ winner: 0, scores: ['216', '72'] });
    expect(result.ratings).toMatchObject([{ before: 1200, after: 1220 }, { before: 1200, after: 1180 }]);
    expect(await db.query('select player1_score, player2_score from public.game_results')).toEqual([{ player1_score: '216', player2_score: '72' }]);
    expect(await db.query('select elo_rating, games_played from public.profiles where id = any($1::uuid[]) order by elo_rating', [ids])).toEqual([
      { elo_rating: 1180, games_played: 1 },
      { elo_rating: 1220, games_played: 1 },
    ]);
  });
});
